/** A row's figures side by side (stock, sold, left...); a "Left" of nothing is marked in red. */
export function FigureList({
  figures,
  className = '',
}: {
  figures: readonly (readonly [label: string, value: number])[];
  className?: string;
}) {
  return (
    <dl className={`flex flex-wrap gap-x-4 gap-y-1 ${className}`}>
      {figures.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt>{label}</dt>
          <dd
            className={`font-semibold ${label === 'Left' && value === 0 ? 'text-red-300' : 'text-parchment'}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
