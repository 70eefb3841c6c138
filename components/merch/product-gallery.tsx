import Image from 'next/image';
import { contentImageProps } from '@/lib/content-image';
import type { MerchandiseProduct } from '@/lib/schemas/shop-rules';

/*
 * The gallery fills the page's column: the whole width on a phone, half the 992 px page from 1024 px
 * (480 px); two pictures share it side by side.
 */
const oneSize = '(min-width: 1024px) 480px, 100vw';
const twoSizes = '(min-width: 1024px) 234px, 50vw';

/** One or two pictures of the product, square, so nothing moves while they load. */
export function ProductGallery({ product }: { product: MerchandiseProduct }) {
  const images = [product.image1url, product.image2url].filter((src): src is string => Boolean(src));
  const altOf = (index: number) =>
    images.length > 1 ? `${product.name}, picture ${index + 1} of ${images.length}` : product.name;
  return (
    <div className={`grid gap-3 ${images.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}>
      {images.map((src, index) => (
        <Image
          key={src}
          {...contentImageProps(src, images.length > 1 ? twoSizes : oneSize)}
          alt={altOf(index)}
          width={600}
          height={600}
          priority={index === 0}
          className="aspect-square h-auto w-full rounded-2xl border border-gold/25 bg-night object-cover"
        />
      ))}
    </div>
  );
}
