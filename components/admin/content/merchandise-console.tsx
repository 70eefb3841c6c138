'use client';

import { Controller } from 'react-hook-form';
import { FormUploadField, ImageUploadField } from '@/components/admin/image-upload-field';
import { actionButtonClass } from '@/components/admin/ui/buttons';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { FigureList } from '@/components/admin/ui/figure-list';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { GroupedListConsole, visibilityToggle } from '@/components/admin/ui/list-console';
import { TextAreaField } from '@/components/admin/ui/text-area-field';
import { useConsoleForm } from '@/components/admin/ui/use-console-form';
import { WaitingListLink } from '@/components/admin/waiting-lists/waiting-list-link';
import { TextField } from '@/components/forms/text-field';
import { formatPrice } from '@/lib/money';
import {
  merchandiseProductSchema,
  merchandiseVariantSchema,
  type AdminMerchandiseProduct,
  type AdminMerchandiseVariant,
} from '@/lib/schemas/admin-content';
import type { LiveEntryCounts } from '@/lib/schemas/waiting-lists';

/** Merchandise in the console: products in shop order, each with its sizes and their stock. */
export function MerchandiseConsole({
  products,
  waiting = {},
}: {
  products: AdminMerchandiseProduct[];
  /** People waiting and offered per size id, for the links to the waiting lists. */
  waiting?: LiveEntryCounts;
}) {
  return (
    <GroupedListConsole
      group={{ resource: 'merchandise', what: 'product' }}
      item={{ resource: 'merchandise-variant', what: 'size' }}
      addLabel="Add a product"
      emptyText="No products yet."
      groups={products}
      view={(product) => ({
        name: product.name,
        detail: (
          <>
            {formatPrice({ rupees: product.price })}
            {product.oldPrice !== null ? (
              <>
                {' '}
                <s>{formatPrice({ rupees: product.oldPrice })}</s>
              </>
            ) : null}
          </>
        ),
        imageUrl: product.image1Url,
        hidden: !product.isVisible,
        toggles: [visibilityToggle(product.isVisible)],
      })}
      form={(close, product) => <ProductForm product={product} onDone={close} />}
      itemsOf={(product) => product.variants}
      itemsHeading={(product) => `Sizes of ${product.name}`}
      itemsEmptyText="No sizes yet: nothing can be bought."
      itemView={(size) => ({
        name: `Size ${size.type}`,
        detail: (
          <>
            <StockLine size={size} />
            <WaitingListLink
              kind="merchandise_variant"
              itemId={size.id}
              about={`${products.find((p) => p.id === size.productId)?.name ?? 'product'}, size ${size.type}`}
              counts={waiting[size.id]}
            />
          </>
        ),
        hidden: !size.isEnabled,
        hiddenLabel: 'Disabled',
        toggles: [
          { field: 'isEnabled', value: size.isEnabled, label: size.isEnabled ? 'Disable' : 'Enable' },
        ],
      })}
      itemForm={(close, product, size) => <SizeForm productId={product.id} size={size} onDone={close} />}
      addItemLabel={(product) => `Add a size to ${product.name}`}
    />
  );
}

function StockLine({ size }: { size: AdminMerchandiseVariant }) {
  return (
    <FigureList
      className="mt-1"
      figures={[
        ['Stock', size.stock],
        ['Sold', size.sold],
        ['Held now', size.held],
        ['Left', size.left],
      ]}
    />
  );
}

function ProductForm({ product, onDone }: { product?: AdminMerchandiseProduct; onDone: () => void }) {
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    merchandiseProductSchema,
    {
      name: product?.name ?? '',
      description: product?.description ?? '',
      price: product ? String(product.price) : '',
      oldPrice: product?.oldPrice != null ? String(product.oldPrice) : '',
      image1Url: product?.image1Url ?? '',
      image2Url: product?.image2Url ?? '',
      isVisible: product?.isVisible ?? true,
    },
    { resource: 'merchandise', id: product?.id, failure: 'The product could not be saved.', onDone },
  );
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={product ? 'Save product' : 'Add product'}
      onCancel={onDone}
    >
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (₹)"
          inputMode="decimal"
          hint="For example 399 or 249.50"
          error={errors.price?.message}
          {...register('price')}
        />
        <TextField
          label="Old price (₹, optional)"
          inputMode="decimal"
          hint="Shown struck through; leave empty for none"
          error={errors.oldPrice?.message}
          {...register('oldPrice')}
        />
      </div>
      <FormUploadField control={control} name="image1Url" label="First image" />
      <Controller
        control={control}
        name="image2Url"
        render={({ field, fieldState }) => (
          <div>
            <ImageUploadField
              label="Second image (optional)"
              value={typeof field.value === 'string' ? field.value : null}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
            {field.value ? (
              <button
                type="button"
                className={`${actionButtonClass} mt-2`}
                onClick={() => field.onChange('')}
              >
                Remove the second image
              </button>
            ) : null}
          </div>
        )}
      />
      <CheckboxField label="On sale in the shop" {...register('isVisible')} />
    </ConsoleForm>
  );
}

function SizeForm({
  productId,
  size,
  onDone,
}: {
  productId: number;
  size?: AdminMerchandiseVariant;
  onDone: () => void;
}) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    merchandiseVariantSchema,
    {
      productId,
      type: size?.type ?? '',
      stock: size ? String(size.stock) : '',
      isEnabled: size?.isEnabled ?? true,
    },
    { resource: 'merchandise-variant', id: size?.id, failure: 'The size could not be saved.', onDone },
  );
  const floor = size ? size.sold + size.held : 0;
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={size ? 'Save size' : 'Add size'}
      onCancel={onDone}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Size" placeholder="M" error={errors.type?.message} {...register('type')} />
        <TextField
          label="Stock (units ever on sale)"
          inputMode="numeric"
          hint={size ? `At least ${floor}: ${size.sold} sold, ${size.held} held now.` : undefined}
          error={errors.stock?.message}
          {...register('stock')}
        />
      </div>
      <CheckboxField label="Enabled (can be bought while units are left)" {...register('isEnabled')} />
    </ConsoleForm>
  );
}
