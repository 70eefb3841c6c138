import { checkInDay, checkOutDay } from './stay-dates';

const sectionClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';

/** The numbered accommodation rules of SPEC.md part 5. */
export function AccommodationGuidelines() {
  const rules = [
    `No accommodation will be provided before 3:00 P.M. on ${checkInDay}.`,
    `Check-out must be completed before 9:00 A.M. on ${checkOutDay}.`,
    'Accommodation passes are non-refundable.',
    'Rooms are assigned as allocated by the organisers; requests to change them cannot be accepted.',
    'Bring the identity proof you upload here: it is checked when you arrive.',
  ];
  return (
    <section aria-labelledby="accommodation-guidelines" className={sectionClass}>
      <h2 id="accommodation-guidelines" className="font-display text-xl text-gold">
        Guidelines
      </h2>
      <ol className="mt-4 flex list-decimal flex-col gap-2 pl-6 marker:font-display marker:text-gold">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </section>
  );
}

/** General festival instructions, shown below the booking. */
export function FestivalInstructions() {
  const instructions = [
    'Carry your festival pass and a government photo ID at all times: both are needed to enter.',
    'Keep your room key and belongings safe; the organisers cannot be responsible for lost items.',
    'Follow the instructions of the volunteers and campus security.',
    'Respect quiet hours in the accommodation blocks so everyone is fresh for the next day.',
    'Breaking the festival rules may mean removal from the campus without a refund.',
  ];
  return (
    <section aria-labelledby="festival-instructions" className={sectionClass}>
      <h2 id="festival-instructions" className="font-display text-xl text-gold">
        General instructions
      </h2>
      <ul className="mt-4 flex list-disc flex-col gap-2 pl-6 marker:text-gold">
        {instructions.map((instruction) => (
          <li key={instruction}>{instruction}</li>
        ))}
      </ul>
    </section>
  );
}
