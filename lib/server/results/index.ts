/** Results by round and final placings: what organisers record, publish, and the public reads. */
export { resultsDraft } from './draft';
export { resultsOverview, type ResultsOverviewRow } from './overview';
export { publishResults, unpublishResults } from './publish';
export { publishedResultsByCategory } from './public';
export { saveRoundOutcome, savePlacings } from './record';
