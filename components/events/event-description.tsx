import { splitDescription } from '@/lib/description-links';

/** An event description with every web link shown as a 'Registration Link' opening in a new tab. */
export function EventDescription({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {splitDescription(text).map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-gold underline underline-offset-4"
          >
            Registration Link
          </a>
        ),
      )}
    </p>
  );
}
