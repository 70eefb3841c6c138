'use client';

import { useCallback, useEffect, useState } from 'react';
import { InlineLoader } from '@/components/forms/inline-loader';
import { checkoutPrefill } from '@/components/payment/checkout-prefill';
import { merchandiseItem } from '@/components/payment/purchase-record';
import { PaymentOverlay } from '@/components/payment/payment-overlay';
import { useBuyer, type Buyer } from '@/components/payment/use-buyer';
import { usePurchase } from '@/components/payment/use-purchase';
import { useToast } from '@/components/toast/toast-provider';
import { PageLoader } from '@/components/ui/page-loader';
import {
  OfferBanner,
  useShopWaitingLists,
  WaitingListNotice,
  type ShopEntry,
  type ShopWaitingLists,
} from '@/components/waiting-lists/shop-waiting-list';
import { messageOf } from '@/lib/api-client';
import {
  addToCart,
  changeQty,
  removeFromCart,
  type CartLine,
  type MerchandiseProduct,
  type MerchandiseVariant,
} from '@/lib/schemas/shop-rules';
import { maxQtyPerSize, reconcileCart, withOfferedSize } from './cart';
import { CartPanel } from './cart-panel';
import { createMerchandiseOrder, fetchMerchandise, orderMerchandise } from './merch-api';
import { MerchHero } from './merch-hero';
import { ProductGallery } from './product-gallery';
import { ProductSummary } from './product-summary';
import { SizePicker } from './size-picker';
import { SoldOutSizes } from './sold-out-sizes';

type Load =
  { status: 'loading' } | { status: 'ready'; product: MerchandiseProduct | null } | { status: 'failed' };

const pageClass =
  'min-h-dvh bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-4 pb-16 pt-24';

/**
 * The merchandise screen of SPEC.md parts 2 and 4 (/merchandise and /merchendise): the first product of
 * the list with its sizes, the cart, and checkout ending at /success or /failure. Sold-out sizes have
 * their waiting lists, and an offer link (`?offer={entryId}`) opens it with the offered size in the cart
 * (docs/waiting-lists.md).
 */
export function MerchandiseScreen({
  listed,
  offerId,
}: {
  /**
   * The products as the server read them for this page, so that the first frame shows the shop; null
   * when it could not, and then they are loaded here.
   */
  listed: MerchandiseProduct[] | null;
  /** The link's `?offer=`, '' for none. */
  offerId: string;
}) {
  const buyer = useBuyer('Something went wrong');
  if (!buyer) return <PageLoader />;
  return (
    <main className={pageClass}>
      <div className="mx-auto w-full max-w-5xl">
        <MerchHero />
        <MerchandiseShop buyer={buyer} offerId={offerId} listed={listed} />
      </div>
    </main>
  );
}

function MerchandiseShop({
  buyer,
  offerId,
  listed,
}: {
  buyer: Buyer;
  offerId: string;
  listed: MerchandiseProduct[] | null;
}) {
  const { toast } = useToast();
  const [load, setLoad] = useState<Load>(
    listed ? { status: 'ready', product: listed[0] ?? null } : { status: 'loading' },
  );
  const lists = useShopWaitingLists('merchandise_variant', offerId);

  // Read here when the server could not, again after a refusal (stock moved), and to try again.
  const loadProduct = useCallback(
    (): Promise<MerchandiseProduct | null> =>
      fetchMerchandise().then(
        ({ data }) => {
          const product = data[0] ?? null;
          setLoad({ status: 'ready', product });
          return product;
        },
        (error: unknown) => {
          toast({ title: 'Error', description: messageOf(error, 'Something Went Wrong'), variant: 'error' });
          setLoad({ status: 'failed' });
          return null;
        },
      ),
    [toast],
  );

  const unread = listed === null;
  useEffect(() => {
    if (unread) void loadProduct();
  }, [unread, loadProduct]);

  // An offer link waits for the caller's lists too, so the cart opens with the offered size in it.
  if (load.status === 'loading' || lists.offer.status === 'checking')
    return <InlineLoader label="Loading merchandise" />;
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
  const product = load.product;
  const offered = offeredEntry(lists, product);
  const size = product.variants.find((v) => v.id === offered?.itemId)?.type;
  return (
    <>
      <OfferBanner
        className="mt-8"
        offer={!offered && lists.offer.status === 'valid' ? { status: 'invalid' } : lists.offer}
        held={() => (
          <>
            Size {size} is in your cart. Pay for it before then to take it; after that it passes to the next
            person in line.
          </>
        )}
        invalid="Sizes in stock can still be bought below."
      />
      {/* A new offer (or none any more) starts the cart afresh: with the offered size, one unit. */}
      <ProductShop
        key={offered?.id ?? 'no-offer'}
        product={product}
        buyer={buyer}
        reload={loadProduct}
        lists={lists}
        offered={offered}
      />
    </>
  );
}

/** The link's standing offer, when it is for a size of the product on this screen. */
function offeredEntry(lists: ShopWaitingLists, product: MerchandiseProduct): ShopEntry | null {
  if (lists.offer.status !== 'valid') return null;
  const { entry } = lists.offer;
  return product.variants.some((v) => v.id === entry.itemId) ? entry : null;
}

function ProductShop({
  product: listed,
  buyer,
  reload,
  lists,
  offered,
}: {
  product: MerchandiseProduct;
  buyer: Buyer;
  reload: () => Promise<MerchandiseProduct | null>;
  lists: ShopWaitingLists;
  /** The caller's standing offer for one of the sizes, from the link. */
  offered: ShopEntry | null;
}) {
  const { toast } = useToast();
  const heldId = offered?.itemId ?? null;
  const product = withOfferedSize(listed, heldId);
  const price = product.price;
  const [cart, setCart] = useState<CartLine[]>(() => {
    const variant = product.variants.find((v) => v.id === heldId);
    return variant ? addToCart([], variant, price) : [];
  });
  const { purchase, inProgress } = usePurchase();
  const maxFor = (variantId: number) => (variantId === heldId ? 1 : maxQtyPerSize);

  function add(variant: MerchandiseVariant) {
    const line = cart.find((l) => l.variant.id === variant.id);
    if (line && line.qty >= maxFor(variant.id)) {
      toast({
        title:
          variant.id === heldId
            ? `One T-shirt in size ${variant.type} is held for you, and it is in your cart.`
            : `At most ${maxQtyPerSize} of one size per order.`,
        variant: 'info',
      });
      return;
    }
    setCart((current) => addToCart(current, variant, price));
  }

  function step(variantId: number, by: 1 | -1) {
    setCart((current) => {
      const line = current.find((l) => l.variant.id === variantId);
      if (!line) return current;
      return changeQty(current, variantId, Math.min(maxFor(variantId), line.qty + by), price);
    });
  }

  /**
   * After the server refused the cart (a size sold out, the price changed, the offer lapsed): the product
   * and the caller's lists as they are now. An offer still standing keeps its size in the cart.
   */
  async function reloadCart() {
    const [fresh] = await Promise.all([reload(), lists.reload()]);
    if (fresh) setCart((current) => reconcileCart(current, withOfferedSize(fresh, heldId)));
  }

  function joinList(variant: MerchandiseVariant) {
    void lists.join(variant.id, `size ${variant.type}`, () => void reload());
  }

  function book() {
    if (inProgress || cart.length === 0) return;
    const lines = cart;
    // The offer goes with the order only while its size is in the cart (the server refuses it otherwise).
    const offerId = offered && lines.some((l) => l.variant.id === heldId) ? offered.id : undefined;
    // Either refusal means the product changed: say which, then show the cart as it is now.
    const cartReload = { reload: () => void reloadCart() };
    const cartChanged = { fallback: 'Please check your cart and try again.', ...cartReload };
    void purchase({
      title: product.name,
      description: 'User Purchase for Goodies',
      summary: {
        kind: 'merchandise',
        userId: buyer.userId,
        items: lines.map((line) => merchandiseItem(line.variant.type, line.qty)),
        retryPath: window.location.pathname,
      },
      createOrder: () => createMerchandiseOrder(lines, offerId),
      prefill: () => checkoutPrefill(buyer.userId, buyer.email),
      holdsStock: true,
      confirm: (payData) => orderMerchandise(buyer.userId, lines, payData),
      priceChanged: { title: 'The price has changed', ...cartChanged },
      soldOut: { title: 'A size in your cart has sold out', ...cartChanged },
      // Anything else, such as an offer that lapsed meanwhile: the server's reason, then the cart as it is now.
      orderFailed: { title: 'The payment could not start', fallback: 'Something went wrong', ...cartReload },
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
          <SoldOutSizes
            variants={product.variants}
            entryFor={lists.entryFor}
            joining={lists.joining}
            justJoined={lists.justJoined}
            onJoin={joinList}
          />
          {/* Empty, it takes back the column's gap: the region stays in place for its first message. */}
          <WaitingListNotice notice={lists.notice} className="empty:-mt-6" />
          <CartPanel
            cart={cart}
            unitPrice={price}
            heldVariantId={heldId}
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
