import { parseRupees } from '@/lib/money';
import { z } from 'zod';
import {
  emptyAsNone,
  id,
  isLinkOrPath,
  longText,
  orderedIds,
  text,
  uploadedLink,
  wholeNumber,
} from './admin-common';
import { multiLine, singleLine } from './plain-text';

/**
 * The organisers' console payloads for team, sponsors, pronite artists, merchandise and accommodation:
 * one schema per payload, used by the console forms (react-hook-form) and by the /api/admin handlers.
 * Form inputs arrive as strings, so numbers are coerced and an empty optional field means "none".
 * Create schemas leave `isVisible` optional (the service defaults it to shown); the change (PATCH)
 * schemas are the same fields, all optional, and never turn an omitted field into a cleared one.
 */

const imageUrl = (what: string) => uploadedLink(what, 'image');

const webUrl = (what: string) =>
  z
    .string(`${what} is required.`)
    .trim()
    .min(1, `${what} is required.`)
    .max(500, `${what} must be at most 500 characters.`)
    .refine((v) => /^https?:\/\//i.test(v) && isLinkOrPath(v), `${what} must start with https://`)
    .check(singleLine(what));

/** An optional text or number field: see emptyAsNone. */
const optional = <T>(inner: z.ZodType<T>) =>
  emptyAsNone(z.union([z.string(), z.number()], 'Please enter a value or leave this empty.'), inner);

const isoDate = (what: string) =>
  z.iso.date(`${what} must be a date (YYYY-MM-DD).`).refine((v) => {
    const year = Number(v.slice(0, 4));
    return year >= 2000 && year <= 2100;
  }, `${what} must be a real date.`);

/** Rupees as organisers type them (399 or 250.50): at most two decimals, stored as paise. */
const rupees = (what: string) =>
  z.coerce
    .number(`${what} must be a number.`)
    .positive(`${what} must be more than zero.`)
    .max(1_000_000, `${what} must be at most ₹ 10,00,000.`)
    .refine((v) => parseRupees(v) !== null, `${what} may have at most two decimals.`);

const visible = z.boolean('Visibility must be true or false.').optional();

// ---------- ordering ----------

/** POST .../reorder: every item of one list (one group's members, one product's sizes) in the new order. */
export const reorderSchema = z.object({ ids: orderedIds });

// ---------- team ----------

export const teamGroupSchema = z.object({
  teamCategory: text('Group name', 80),
  isVisible: visible,
});
export const teamGroupChangeSchema = teamGroupSchema.partial();

export const teamMemberSchema = z.object({
  groupId: id('team group'),
  name: text('Name', 80),
  designation: text('Designation', 80),
  imageUrl: imageUrl('Photo'),
  instagramUrl: optional(webUrl('Instagram link')),
  linkedInUrl: optional(webUrl('LinkedIn link')),
  isVisible: visible,
});
export const teamMemberChangeSchema = teamMemberSchema.partial();

// ---------- sponsors ----------

export const sponsorGroupSchema = z.object({
  sponsorCategory: text('Group name', 80),
  isVisible: visible,
});
export const sponsorGroupChangeSchema = sponsorGroupSchema.partial();

export const sponsorSchema = z.object({
  groupId: id('sponsor group'),
  name: text('Name', 80),
  imageUrl: imageUrl('Logo'),
  websiteUrl: webUrl('Website'),
  isVisible: visible,
});
export const sponsorChangeSchema = sponsorSchema.partial();

// ---------- pronite ----------

export const proniteArtistSchema = z.object({
  name: text('Name', 80),
  tagline: text('Tagline', 160),
  night: isoDate('Night'),
  imageUrl: imageUrl('Image'),
  isVisible: visible,
});
export const proniteArtistChangeSchema = proniteArtistSchema.partial();

// ---------- merchandise ----------

export const merchandiseProductSchema = z.object({
  name: text('Name', 80),
  description: longText('Description', 2000),
  price: rupees('Price'),
  oldPrice: optional(rupees('Old price')),
  image1Url: imageUrl('First image'),
  image2Url: optional(imageUrl('Second image')),
  isVisible: visible,
});
export const merchandiseProductChangeSchema = merchandiseProductSchema.partial();

export const merchandiseVariantSchema = z.object({
  productId: id('product'),
  type: text('Size', 12),
  stock: wholeNumber('Stock', 0, 100_000),
  isEnabled: z.boolean('Enabled must be true or false.').optional(),
});
/** A size stays with its product; only its label, stock and switch change. */
export const merchandiseVariantChangeSchema = merchandiseVariantSchema.omit({ productId: true }).partial();

// ---------- accommodation ----------

export const accommodationTypeSchema = z.object({
  accommodationType: text('Name', 80),
  /** Whole rupees per night; empty means not priced yet (the type cannot be booked until it is). */
  pricePerNight: optional(wholeNumber('Price per night', 1, 100_000)),
  description: z
    .string('Description must be text.')
    .trim()
    .max(2000, 'Description must be at most 2000 characters.')
    .check(multiLine('Description'))
    .optional(),
  isVisible: visible,
});
export const accommodationTypeChangeSchema = accommodationTypeSchema.partial();

export const accommodationOptionSchema = z.object({
  typeId: id('accommodation type'),
  startDate: isoDate('Start date'),
  days: wholeNumber('Days', 1, 10),
  capacity: wholeNumber('Capacity', 0, 100_000),
  isVisible: visible,
});
export const accommodationOptionChangeSchema = accommodationOptionSchema.omit({ typeId: true }).partial();

// ---------- answers (what the console lists) ----------

export interface AdminTeamMember {
  id: number;
  groupId: number;
  name: string;
  designation: string;
  imageUrl: string;
  instagramUrl: string | null;
  linkedInUrl: string | null;
  isVisible: boolean;
  position: number;
}

export interface AdminTeamGroup {
  id: number;
  teamCategory: string;
  isVisible: boolean;
  position: number;
  members: AdminTeamMember[];
}

export interface AdminSponsor {
  id: number;
  groupId: number;
  name: string;
  imageUrl: string;
  websiteUrl: string;
  isVisible: boolean;
  position: number;
}

export interface AdminSponsorGroup {
  id: number;
  sponsorCategory: string;
  isVisible: boolean;
  position: number;
  sponsors: AdminSponsor[];
}

export interface AdminProniteArtist {
  id: number;
  name: string;
  tagline: string;
  night: string;
  imageUrl: string;
  isVisible: boolean;
  position: number;
}

export interface AdminMerchandiseVariant {
  id: number;
  productId: number;
  type: string;
  stock: number;
  sold: number;
  /** Units in checkouts that have not finished yet. */
  held: number;
  /** stock - sold - held, never below zero. */
  left: number;
  isEnabled: boolean;
  position: number;
}

export interface AdminMerchandiseProduct {
  id: number;
  name: string;
  description: string;
  /** Rupees. */
  price: number;
  oldPrice: number | null;
  image1Url: string;
  image2Url: string | null;
  isVisible: boolean;
  position: number;
  variants: AdminMerchandiseVariant[];
}

export interface AdminAccommodationOption {
  id: number;
  typeId: number;
  startDate: string;
  days: number;
  capacity: number;
  booked: number;
  held: number;
  left: number;
  isVisible: boolean;
  position: number;
}

export interface AdminAccommodationType {
  id: number;
  accommodationType: string;
  pricePerNight: number | null;
  description: string;
  isVisible: boolean;
  position: number;
  options: AdminAccommodationOption[];
}
