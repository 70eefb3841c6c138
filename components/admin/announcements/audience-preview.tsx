import { peopleCount } from './announcement-text';

/** What the server answers for an audience before sending (POST /api/admin/announcements/preview). */
export interface AudiencePreview {
  recipients: number;
  withDevice: number;
  devices: number;
  sample: { name: string; email: string }[];
}

/** "N people (M with notifications on, on D devices)" and the first few of them by name. */
export function AudiencePreviewPanel({ preview }: { preview: AudiencePreview }) {
  const { recipients, withDevice, devices, sample } = preview;
  return (
    <div>
      <h3 className="font-display text-xl text-gold">Who it reaches</h3>
      <p className="mt-1 text-parchment">
        {peopleCount(recipients)} ({withDevice.toLocaleString('en-IN')} with notifications on, on{' '}
        {devices.toLocaleString('en-IN')} {devices === 1 ? 'device' : 'devices'})
      </p>
      {recipients === 0 ? (
        <p className="mt-1 text-sm text-amber-200">
          Nobody is in this audience now: only a banner would show.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-parchment/80">
            {sample.length < recipients ? `The first ${sample.length}, by name:` : 'By name:'}
          </p>
          <ul className="mt-1 grid gap-1 text-sm">
            {sample.map((person) => (
              <li key={person.email} className="break-words">
                {person.name} <span className="text-parchment/75">({person.email})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
