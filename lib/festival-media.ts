/**
 * Media shown on the home page. The after movie is embedded from YouTube's privacy-enhanced domain, and only
 * after the visitor presses play: nothing is requested from the platform before that.
 * Placeholder id until the festival's own after movie is published.
 */
export const afterMovieVideoId = 'aqz-KE-bpKQ';

export const afterMovieTitle = 'Aetherfest after movie';

export function afterMovieEmbedUrl(videoId: string = afterMovieVideoId): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}
