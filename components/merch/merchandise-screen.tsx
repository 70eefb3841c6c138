'use client';

import { useCallback, useEffect, useState } from 'react';
import { InlineLoader } from '@/components/forms/inline-loader';
import { checkoutPrefill } from '@/components/payment/checkout-prefill';
import { PaymentOverlay } from '@/components/payment/payment-overlay';
import { useBuyer, type Buyer } from '@/components/payment/use-buyer';
import { usePurchase } from '@/components/payment/use-purchase';
import { useToast } from '@/components/toast/toast-provider';
import { PageLoader } from '@/components/ui/page-loader';
import { messageOf } from '@/lib/api-client';
import {
  addToCart,
  changeQty,
  removeFromCart,
  type CartLine,
  type MerchandiseProduct,
  type MerchandiseVariant,
} from '@/lib/schemas/shop';
import { maxQtyPerSize, reconcileCart } from './cart';
import { CartPanel } from './cart-panel';
import { createMerchandiseOrder, fetchMerchandise, orderMerchandise } from './merch-api';
import { MerchHero } from './merch-hero';
import { ProductGallery } from './product-gallery';
import { ProductSummary } from './product-summary';
import { SizePicker } from './size-picker';

type Load =
  { status: 'loading' } | { status: 'ready'; product: MerchandiseProduct | null } | { status: 'failed' };

const pageClass =
  'min-h-dvh bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-4 pb-16 pt-24';

/**
 * The merchandise screen of SPEC.md parts 2 and 4 (/merchandise and /merchendise): the first product of
 * the list with its sizes, the cart, and checkout ending at /success or /failure.
 */
export function MerchandiseScreen() {
  const buyer = useBuyer('Something went wrong');
  if (!buyer) return <PageLoader />;
  return (
    <main className={pageClass}>
      <div className="mx-auto w-full max-w-5xl">
        <MerchHero />
        <MerchandiseShop buyer={buyer} />
      </div>
    </main>
  );
}

function MerchandiseShop({ buyer }: { buyer: Buyer }) {
  const { toast } = useToast();
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  // Settles in the promise's callbacks, so the effect below never sets state synchronously.
  const loadProduct = useCallback(
    (signal?: AbortSignal): Promise<MerchandiseProduct | null> =>
      fetchMerchandise(signal).then(
        ({ data }) => {
          const product = data[0] ?? null;
          setLoad({ status: 'ready', product });
          return product;
        },
        (error: unknown) => {
          if (signal?.aborted) return null;
          toast({ title: 'Error', description: messageOf(error, 'Something Went Wrong'), variant: 'error' });
          setLoad({ status: 'failed' });
          return null;
        },
      ),
    [toast],
  );

  useEffect(() => {
    const controller = new AbortController();
    void loadProduct(controller.signal);
    return () => controller.abort();
  }, [loadProduct]);

  if (load.status === 'loading') return <InlineLoader label="Loading merchandise" />;
  if (load.status === 'failed') {
    return (
      <div className="mt-10 flex flex-col items-center gap-4 text-center">
        <p>We couldn&apos;t load the merchandise just now.</p>
        <button
          type="button"
          onClick={() => {
            setLoad({ status: 'loading' });
            void loadProduct();
          }}
          className="inline-flex min-h-11 items-center rounded-full border border-gold/50 px-5 py-2 font-display text-sm tracking-wide text-gold transition hover:bg-gold/10"
        >
          Try again
        </button>
      </div>
    );
  }
  if (!load.product) {
    return <p className="mt-10 text-center">No merchandise is on sale right now. Please check back soon.</p>;
  }
  return <ProductShop product={load.product} buyer={buyer} reload={loadProduct} />;
}

function ProductShop({
  product,
  buyer,
  reload,
}: {
  product: MerchandiseProduct;
  buyer: Buyer;
  reload: () => Promise<MerchandiseProduct | null>;
}) {
  const { toast } = useToast();
  const [cart, setCart] = useState<CartLine[]>([]);
  const { purchase, inProgress } = usePurchase();
  const price = product.price;

  function add(variant: MerchandiseVariant) {
    const line = cart.find((l) => l.variant.id === variant.id);
    if (line && line.qty >= maxQtyPerSize) {
      toast({ title: `At most ${maxQtyPerSize} of one size per order.`, variant: 'info' });
      return;
    }
    setCart((current) => addToCart(current, variant, price));
  }

  function step(variantId: number, by: 1 | -1) {
    setCart((current) => {
      const line = current.find((l) => l.variant.id === variantId);
      if (!line) return current;
      return changeQty(current, variantId, Math.min(maxQtyPerSize, line.qty + by), price);
    });
  }

  /** After the server refused the cart (a size sold out, the price changed): the product as it is now. */
  async function reloadCart() {
    const fresh = await reload();
    if (fresh) setCart((current) => reconcileCart(current, fresh));
  }

  function book() {
    if (inProgress || cart.length === 0) return;
    const lines = cart;
    // Either refusal means the product changed: say which, then show the cart as it is now.
    const cartChanged = {
      fallback: 'Please check your cart and try again.',
      reload: () => void reloadCart(),
    };
    void purchase({
      title: product.name,
      description: 'User Purchase for Goodies',
      createOrder: () => createMerchandiseOrder(lines),
      prefill: () => checkoutPrefill(buyer.userId, buyer.email),
      holdsStock: true,
      confirm: (payData) => orderMerchandise(buyer.userId, lines, payData),
      priceChanged: { title: 'The price has changed', ...cartChanged },
      soldOut: { title: 'A size in your cart has sold out', ...cartChanged },
    });
  }

  return (
    <>
      <section
        aria-labelledby="product-name"
        className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-2 lg:items-start"
      >
        <ProductGallery product={product} />
        <div className="flex flex-col gap-6">
          <ProductSummary product={product} headingId="product-name" />
          <SizePicker variants={product.variants} onAdd={add} />
          <CartPanel
            cart={cart}
            unitPrice={price}
            busy={inProgress}
            onIncrease={(id) => step(id, 1)}
            onDecrease={(id) => step(id, -1)}
            onRemove={(id) => setCart((current) => removeFromCart(current, id))}
            onBook={book}
          />
        </div>
      </section>
      <PaymentOverlay show={inProgress} />
    </>
  );
}
