import { channelLabels, channelStates, stateLabels, type ChannelCounts } from './announcement-text';

/**
 * An announcement's delivery counts at a glance, one line per personal channel it went by (the banner
 * reaches whoever opens a page, so it has none). Failures are marked in red, to be looked into.
 */
export function DeliveryCountsList({
  counts,
  channels,
}: {
  counts: ChannelCounts;
  channels: readonly ('push' | 'mail' | 'banner')[];
}) {
  const personal = (['push', 'mail'] as const).filter((c) => channels.includes(c));
  if (personal.length === 0) return null;
  return (
    <dl className="grid gap-1 text-sm">
      {personal.map((channel) => (
        <div key={channel} className="flex flex-wrap gap-x-3">
          <dt className="font-semibold text-gold">{channelLabels[channel]}:</dt>
          {channelStates[channel].map((state) => {
            const n = counts[channel][state];
            return (
              <dd key={state} className={state === 'failed' && n > 0 ? 'text-red-300' : 'text-parchment'}>
                {stateLabels[state].toLowerCase()} {n}
              </dd>
            );
          })}
        </div>
      ))}
    </dl>
  );
}
