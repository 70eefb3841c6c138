import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * The shop's public data and how its screens write it, for the shop and waiting-list specs: products and
 * stays are read from the seeded data through the API, never by id.
 */

export interface Product {
  id: number;
  name: string;
  price: number;
  oldPrice: number | null;
  variants: { id: number; type: string; isAvailable: boolean; isOnSale: boolean }[];
}

export interface StayOption {
  id: number;
  StartDate: string;
  Days: number;
  isAvailable: boolean;
}

export interface StayType {
  id: number;
  accommodationType: string;
  accomodationPrice: number | null;
  accommodations: StayOption[];
}

export const money = (rupees: number) => `₹ ${rupees.toFixed(2)}`;

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** '20th Feb, 2027', as the site writes short dates. */
export function shortDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const day = date.getUTCDate();
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${day}${suffix} ${month}, ${date.getUTCFullYear()}`;
}

/** '20th Feb, 2027 – 22nd Feb, 2027 (2 nights)': the end is the start plus the nights. */
export function stayLabel(option: Pick<StayOption, 'StartDate' | 'Days'>): string {
  const end = new Date(`${option.StartDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + option.Days);
  const nights = `${option.Days} ${option.Days === 1 ? 'night' : 'nights'}`;
  return `${shortDate(option.StartDate)} – ${shortDate(end.toISOString().slice(0, 10))} (${nights})`;
}

export async function firstProduct(request: APIRequestContext): Promise<Product> {
  const answer = await request.get('/api/merchandise/get-merchandise');
  const product = ((await answer.json()) as { data: Product[] }).data[0];
  if (!product) throw new Error('The seed has no merchandise');
  return product;
}

export async function stayTypes(request: APIRequestContext): Promise<StayType[]> {
  const answer = await request.get('/api/accommodation/get-all-accommodation');
  return ((await answer.json()) as { data: StayType[] }).data;
}

/** The smallest valid PNG: one transparent pixel (signature, IHDR, IDAT, IEND). */
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A priced type with an available date option. */
export async function bookableStay(request: APIRequestContext) {
  for (const type of await stayTypes(request)) {
    const option = type.accommodations.find((o) => o.isAvailable);
    if (type.accomodationPrice !== null && option) return { type, option, price: type.accomodationPrice };
  }
  throw new Error('The seed has no priced accommodation with a free date option');
}

export const typeRadio = (page: Page, type: StayType) =>
  page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(type.accommodationType)}`) });
export const proofField = (page: Page) => page.getByLabel('Identity proof');

/** Opens the booking screen (on `origin`, the baseURL's by default) and picks a type and its dates. */
export async function chooseStay(page: Page, type: StayType, option: StayOption, origin = '') {
  await page.goto(`${origin}/accomodation`);
  await expect(page.getByRole('heading', { level: 1, name: 'Accommodation' })).toBeVisible();
  await typeRadio(page, type).check();
  await expect(proofField(page)).toHaveCount(0);
  await page.getByRole('radio', { name: stayLabel(option), exact: true }).check();
  await expect(proofField(page)).toBeVisible();
}
