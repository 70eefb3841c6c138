'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { AddPanel } from '@/components/admin/ui/add-panel';
import { actionButtonClass } from '@/components/admin/ui/buttons';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { ContentRow } from '@/components/admin/ui/content-row';
import { FormActions } from '@/components/admin/ui/form-actions';
import { TextAreaField } from '@/components/admin/ui/text-area-field';
import { useConsoleWrite, showFieldErrors } from '@/components/admin/ui/use-console-write';
import { useListActions } from '@/components/admin/ui/use-list-actions';
import { submitOnce } from '@/components/forms/submit-once';
import { TextField } from '@/components/forms/text-field';
import { formatMoney } from '@/components/payment/money';
import { api } from '@/lib/api-client';
import {
  merchandiseProductSchema,
  merchandiseVariantSchema,
  type AdminMerchandiseProduct,
  type AdminMerchandiseVariant,
} from '@/lib/schemas/admin-content';

/** Merchandise in the console: products in shop order, each with its sizes and their stock. */
export function MerchandiseConsole({ products }: { products: AdminMerchandiseProduct[] }) {
  const productActions = useListActions('merchandise', 'product');
  const sizeActions = useListActions('merchandise-variant', 'size');
  const productIds = products.map((p) => p.id);
  return (
    <>
      <AddPanel label="Add a product">{(close) => <ProductForm onDone={close} />}</AddPanel>
      {products.length === 0 ? <p className="mt-6 text-parchment/80">No products yet.</p> : null}
      <ol className="mt-6 flex flex-col gap-6">
        {products.map((product, index) => {
          const sizeIds = product.variants.map((v) => v.id);
          return (
            <ContentRow
              key={product.id}
              name={product.name}
              detail={
                <>
                  {formatMoney(product.price)}
                  {product.oldPrice !== null ? (
                    <>
                      {' '}
                      <s>{formatMoney(product.oldPrice)}</s>
                    </>
                  ) : null}
                </>
              }
              imageUrl={product.image1Url}
              hidden={!product.isVisible}
              index={index}
              count={products.length}
              onMove={(direction) => productActions.move(productIds, index, direction)}
              toggleLabel={product.isVisible ? 'Hide' : 'Show'}
              onToggle={() => productActions.toggle(product.id, 'isVisible', !product.isVisible)}
              onDelete={() => productActions.remove(product.id)}
              edit={(close) => <ProductForm product={product} onDone={close} />}
              busy={productActions.busy}
            >
              <h2 className="mt-4 font-display text-base text-gold sm:pl-6">Sizes of {product.name}</h2>
              {product.variants.length === 0 ? (
                <p className="mt-2 text-sm text-parchment/80 sm:pl-6">No sizes yet: nothing can be bought.</p>
              ) : null}
              <ol className="mt-2 flex flex-col gap-3 sm:pl-6">
                {product.variants.map((size, sizeIndex) => (
                  <ContentRow
                    key={size.id}
                    name={`Size ${size.type}`}
                    detail={<StockLine size={size} />}
                    hidden={!size.isEnabled}
                    hiddenLabel="Disabled"
                    index={sizeIndex}
                    count={product.variants.length}
                    onMove={(direction) => sizeActions.move(sizeIds, sizeIndex, direction)}
                    toggleLabel={size.isEnabled ? 'Disable' : 'Enable'}
                    onToggle={() => sizeActions.toggle(size.id, 'isEnabled', !size.isEnabled)}
                    onDelete={() => sizeActions.remove(size.id)}
                    edit={(close) => <SizeForm productId={product.id} size={size} onDone={close} />}
                    busy={sizeActions.busy}
                  />
                ))}
              </ol>
              <div className="sm:pl-6">
                <AddPanel label={`Add a size to ${product.name}`}>
                  {(close) => <SizeForm productId={product.id} onDone={close} />}
                </AddPanel>
              </div>
            </ContentRow>
          );
        })}
      </ol>
    </>
  );
}

function StockLine({ size }: { size: AdminMerchandiseVariant }) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
      {(
        [
          ['Stock', size.stock],
          ['Sold', size.sold],
          ['Held now', size.held],
          ['Left', size.left],
        ] as const
      ).map(([label, value]) => (
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

function ProductForm({ product, onDone }: { product?: AdminMerchandiseProduct; onDone: () => void }) {
  const { write } = useConsoleWrite();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof merchandiseProductSchema>, unknown, z.output<typeof merchandiseProductSchema>>({
    resolver: zodResolver(merchandiseProductSchema),
    defaultValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      price: product ? String(product.price) : '',
      oldPrice: product?.oldPrice != null ? String(product.oldPrice) : '',
      image1Url: product?.image1Url ?? '',
      image2Url: product?.image2Url ?? '',
      isVisible: product?.isVisible ?? true,
    },
  });
  async function save(values: z.output<typeof merchandiseProductSchema>) {
    const result = await write(
      () =>
        product
          ? api.patch(`/api/admin/merchandise/${product.id}`, values)
          : api.post('/api/admin/merchandise', values),
      'The product could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
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
      <Controller
        control={control}
        name="image1Url"
        render={({ field, fieldState }) => (
          <ImageUploadField
            label="First image"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
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
      <FormActions
        pending={isSubmitting}
        saveLabel={product ? 'Save product' : 'Add product'}
        onCancel={onDone}
      />
    </form>
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
  const { write } = useConsoleWrite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof merchandiseVariantSchema>, unknown, z.output<typeof merchandiseVariantSchema>>({
    resolver: zodResolver(merchandiseVariantSchema),
    defaultValues: {
      productId,
      type: size?.type ?? '',
      stock: size ? String(size.stock) : '',
      isEnabled: size?.isEnabled ?? true,
    },
  });
  async function save(values: z.output<typeof merchandiseVariantSchema>) {
    const result = await write(
      () =>
        size
          ? api.patch(`/api/admin/merchandise-variant/${size.id}`, values)
          : api.post('/api/admin/merchandise-variant', values),
      'The size could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  const floor = size ? size.sold + size.held : 0;
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
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
      <FormActions pending={isSubmitting} saveLabel={size ? 'Save size' : 'Add size'} onCancel={onDone} />
    </form>
  );
}
