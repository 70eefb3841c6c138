import Image from 'next/image';
import type { EventCategory } from '@/lib/content-types';
import { firstScreenPicture, pagePicture } from '@/lib/pictures/first-screen-picture';
import { SlideIn } from '@/components/ui/slide-in';
import { CategoryLink } from './category-link';

/** The whole width on a phone, half the 992 px column (less 2rem) from 640 px. */
const categorySizes = '(min-width: 1024px) 464px, (min-width: 640px) 50vw, 100vw';

/** The Events screen: title with the carriage and rail track, categories alternating left and right. */
export function CategoryList({ categories }: { categories: EventCategory[] }) {
  return (
    // Clipped sideways: cards waiting to slide in sit beside the screen and must not widen the page.
    <main className="relative mx-auto max-w-5xl overflow-x-clip px-4 pb-24 pt-24">
      <div className="flex flex-col items-center gap-4 text-center">
        <h1 className="font-display text-5xl tracking-widest text-gold sm:text-6xl">Events</h1>
        <Image
          {...firstScreenPicture('/images/events-page/enchanted-train.svg')}
          alt="The festival's enchanted steam carriage"
          width={480}
          height={200}
          className="h-auto w-64 sm:w-80"
        />
      </div>
      <div className="relative mt-10">
        <div
          aria-hidden="true"
          className="absolute inset-y-0 left-1/2 w-6 -translate-x-1/2 bg-[url('/images/events-page/rail-track.svg')] bg-repeat-y [background-size:24px_480px] opacity-70"
        />
        <ol className="relative flex flex-col gap-10">
          {categories.map((category, index) => {
            const side = index % 2 === 0 ? 'left' : 'right';
            return (
              <li key={category.id} className={`flex ${side === 'left' ? 'justify-start' : 'justify-end'}`}>
                <SlideIn from={side} className="w-full sm:w-[calc(50%-2rem)]">
                  <CategoryLink
                    position={index + 1}
                    categoryId={category.id}
                    // A few categories, not a long list: not drawn late (render-when-near), whose estimated
                    // height shifted the next card as it slid in at the screen's foot (CLS 0.07).
                    className="group block overflow-hidden rounded-2xl border border-gold/30 bg-night/80 shadow-xl transition hover:border-gold"
                  >
                    <Image
                      // The first card is the largest thing on a phone's first screen.
                      {...pagePicture(category.imageUrl, index === 0 ? 'largest' : 'lazy', categorySizes)}
                      alt=""
                      width={600}
                      height={400}
                      className="aspect-[3/2] h-auto w-full object-cover transition group-hover:scale-[1.02]"
                    />
                    <h2 className="px-5 py-4 text-center font-display text-2xl tracking-wide text-parchment group-hover:text-gold">
                      {category.name}
                    </h2>
                  </CategoryLink>
                </SlideIn>
              </li>
            );
          })}
        </ol>
      </div>
    </main>
  );
}
