import { Fragment } from 'react';

/**
 * The pass code (`XXXXX-XXXXX-…`), read aloud or typed at the gate group by group. On a narrow phone it
 * wraps only between groups: each group, with its hyphen, is kept whole, and a <wbr> after the hyphen is
 * the one place a line may break (a hyphen followed by a digit is not a break opportunity by itself).
 * The element's text stays exactly the code, so copying it, or reading it in a test, gives the code.
 */
export function PassCode({ code, className = '' }: { code: string; className?: string }) {
  const groups = code.split('-');
  return (
    <p className={className} data-testid="pass-code">
      {groups.map((group, index) => {
        const last = index === groups.length - 1;
        return (
          <Fragment key={index}>
            <span className="whitespace-nowrap">{last ? group : `${group}-`}</span>
            {last ? null : <wbr />}
          </Fragment>
        );
      })}
    </p>
  );
}
