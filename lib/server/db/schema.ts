import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { roles } from '../../roles';
import { inventoryKinds } from '../../schemas/inventory';
import { certificateKinds, participationProofs } from '../../schemas/certificate-rules';
import { participantChangeActions, refundPolicies } from '../../schemas/changes';
import { announcementChannels, personalChannels, reminderChannels } from '../../schemas/announcement-rules';

/*
 * The festival's whole domain. Money is stored in paise (integers) on purchases; prices that organisers
 * type (event fees, nightly accommodation) are whole rupees, as the spec shows them.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The organisers' rules for a participant's own changes to an item (an event, a T-shirt, a stay type):
 * until when (null: the default, lib/server/changes/rules.ts) and what a cancellation gives back.
 */
const changeRules = () => ({
  changesFreezeAt: timestamp('changes_freeze_at', { withTimezone: true }),
  refundPolicy: text('refund_policy', { enum: refundPolicies }).notNull().default('none'),
  /** The share given back under the 'percent' policy, 1 to 100. */
  refundPercent: integer('refund_percent'),
  /** Under 'percent', the share is given until this time (null: until the freeze). */
  refundUntil: timestamp('refund_until', { withTimezone: true }),
});
const changeRulesChecks = (name: string, t: { refundPolicy: unknown; refundPercent: unknown }) => [
  check(
    `${name}_refund_percent`,
    sql`(${t.refundPolicy} = 'percent') = (${t.refundPercent} is not null) and coalesce(${t.refundPercent} between 1 and 100, true)`,
  ),
];

// ---------- people ----------

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    dob: date('dob').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
    college: text('college').notNull(),
    role: text('role', { enum: roles }).notNull().default('user'),
    verified: boolean('verified').notNull().default(false),
    /** Bumped by a password reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** How the reminder before each of their sessions reaches them (docs/announcements.md). */
    reminderChannel: text('reminder_channel', { enum: reminderChannels }).notNull().default('push'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify and reset an account; email confirms a new address (newEmail) before it replaces the old. */
    purpose: text('purpose', { enum: ['verify', 'reset', 'email'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_user_purpose').on(t.userId, t.purpose, t.createdAt)],
);

// ---------- content ----------

export const eventCategories = pgTable('event_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull(),
  position: integer('position').notNull().default(0),
  isVisible: boolean('is_visible').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => eventCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    description: text('description').notNull(),
    isRegistrationOpen: boolean('is_registration_open').notNull().default(true),
    /** Institute students register free when true (the server's isPaymentMandatory = false). */
    instituteFeeWaived: boolean('institute_fee_waived').notNull().default(false),
    ruleBookPdfUrl: text('rule_book_pdf_url'),
    poc1Name: text('poc1_name').notNull(),
    poc1PhoneNo: text('poc1_phone_no').notNull(),
    poc2Name: text('poc2_name'),
    poc2PhoneNo: text('poc2_phone_no'),
    venue: text('venue'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Hidden events stay in the console but leave the public pages and APIs. */
    isVisible: boolean('is_visible').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Who gets a participation certificate: members marked present, or every confirmed member. */
    participationProof: text('participation_proof', { enum: participationProofs })
      .notNull()
      .default('attendance'),
    ...changeRules(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_category').on(t.categoryId, t.position), ...changeRulesChecks('events', t)],
);

export const participationOptions = pgTable(
  'participation_options',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participationName: text('participation_name').notNull(),
    /** Whole rupees; 0 means free. */
    price: integer('price').notNull().default(0),
    minRange: integer('min_range').notNull().default(1),
    maxRange: integer('max_range').notNull().default(1),
    position: integer('position').notNull().default(0),
    /**
     * How many registrations (teams) the option takes; null is unlimited. Places taken are counted, not
     * stored: confirmed registrations plus open holds (lib/server/services/places.ts).
     */
    placeLimit: integer('place_limit'),
  },
  (t) => [
    index('participation_options_event').on(t.eventId),
    check('participation_price_positive', sql`${t.price} >= 0`),
    check('participation_range', sql`${t.minRange} >= 1 and ${t.maxRange} >= ${t.minRange}`),
    check('participation_place_limit', sql`${t.placeLimit} is null or ${t.placeLimit} >= 1`),
  ],
);

// ---------- the timetable ----------

/** The places events happen in, as the organisers name them (a hall, a ground, a lab), with a map link. */
export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    mapUrl: text('map_url'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('venues_name').on(sql`lower(${t.name})`)],
);

/**
 * When and where an event happens: one row per sitting (a round, a day of a long event). `sequence` is the
 * iCalendar SEQUENCE of the calendar entry every participant holds for it: raised whenever its time or
 * venue changes, so a calendar moves the entry instead of adding one.
 */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    roundName: text('round_name'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('event_sessions_event').on(t.eventId, t.startsAt),
    index('event_sessions_venue').on(t.venueId, t.startsAt),
    check('event_sessions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const teamGroups = pgTable('team_groups', {
  id: serial('id').primaryKey(),
  teamCategory: text('team_category').notNull(),
  isVisible: boolean('is_visible').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => teamGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    designation: text('designation').notNull(),
    imageUrl: text('image_url').notNull(),
    instagramUrl: text('instagram_url'),
    linkedInUrl: text('linked_in_url'),
    isVisible: boolean('is_visible').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('team_members_group').on(t.groupId)],
);

export const sponsorGroups = pgTable('sponsor_groups', {
  id: serial('id').primaryKey(),
  sponsorCategory: text('sponsor_category').notNull(),
  isVisible: boolean('is_visible').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const sponsors = pgTable(
  'sponsors',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => sponsorGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    websiteUrl: text('website_url').notNull(),
    isVisible: boolean('is_visible').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('sponsors_group').on(t.groupId)],
);

export const proniteArtists = pgTable('pronite_artists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull(),
  night: date('night').notNull(),
  imageUrl: text('image_url').notNull(),
  isVisible: boolean('is_visible').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/** Small typed settings organisers may change without a deploy (key -> JSON value). */
export const festivalConfig = pgTable('festival_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const merchandiseProducts = pgTable(
  'merchandise_products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    pricePaise: integer('price_paise').notNull(),
    oldPricePaise: integer('old_price_paise'),
    image1Url: text('image1_url').notNull(),
    image2Url: text('image2_url'),
    /** The organisers' switch for the whole product (sizes have their own). */
    isVisible: boolean('is_visible').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...changeRules(),
    createdAt: createdAt(),
  },
  (t) => changeRulesChecks('merchandise_products', t),
);

export const merchandiseVariants = pgTable(
  'merchandise_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => merchandiseProducts.id, { onDelete: 'cascade' }),
    /** Size label: XS, S, M, L, XL, XXL. */
    type: text('type').notNull(),
    /** Units ever put on sale; what is left = stock - sold - active holds. */
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    /** The organisers' switch; a variant is available only when enabled and units are left. */
    isEnabled: boolean('is_enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('merchandise_variants_product_type').on(t.productId, t.type),
    check('merchandise_sold_within_stock', sql`${t.sold} >= 0 and ${t.sold} <= ${t.stock}`),
  ],
);

export const accommodationTypes = pgTable(
  'accommodation_types',
  {
    id: serial('id').primaryKey(),
    accommodationType: text('accommodation_type').notNull(),
    /** Whole rupees per night; null means the organisers have not priced it yet. */
    pricePerNight: integer('price_per_night'),
    description: text('description').notNull().default(''),
    isVisible: boolean('is_visible').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...changeRules(),
  },
  (t) => changeRulesChecks('accommodation_types', t),
);

export const accommodationOptions = pgTable(
  'accommodation_options',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => accommodationTypes.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    days: integer('days').notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    /** Hidden options stay in the console (and keep their bookings) but are off the booking screen. */
    isVisible: boolean('is_visible').notNull().default(true),
    /** The organisers' order within the type (the migration started it by start date). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('accommodation_options_type').on(t.typeId),
    check('accommodation_days_positive', sql`${t.days} >= 1`),
    check('accommodation_booked_within_capacity', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
  ],
);

// ---------- purchases ----------

export const paymentPurposes = ['event', 'merchandise', 'accommodation'] as const;
export const paymentStates = ['created', 'paid', 'fulfilled', 'failed', 'expired', 'refunded'] as const;

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: paymentPurposes }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    state: text('state', { enum: paymentStates }).notNull().default('created'),
    receipt: text('receipt').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    /** What is being bought, enough to fulfil the order without the browser (event + members, cart, stay). */
    item: jsonb('item').notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRefundId: text('provider_refund_id'),
    /**
     * Set while an organiser's refund is with the provider (claimed under the row lock, cleared if the
     * provider refuses), so a second organiser's click is told it is under way instead of refunding twice.
     */
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    /** Why the organisers refunded, as typed in the console. */
    refundReason: text('refund_reason'),
  },
  (t) => [
    uniqueIndex('payment_orders_receipt').on(t.receipt),
    uniqueIndex('payment_orders_provider_order').on(t.providerOrderId),
    uniqueIndex('payment_orders_provider_payment').on(t.providerPaymentId),
    index('payment_orders_user').on(t.userId),
    index('payment_orders_state').on(t.state),
    check('payment_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

export const stockHolds = pgTable(
  'stock_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order holding the units; null while a waiting list's offer holds them (waitingEntryId). */
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'cascade' }),
    /** The waiting list entry whose offer made this hold; kept when an order takes the offer over. */
    waitingEntryId: uuid('waiting_entry_id').references(() => waitingListEntries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: inventoryKinds }).notNull(),
    itemId: integer('item_id').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the hold became a sale or was given back; an active hold has neither. */
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Only the holds still open: what is left of an item is counted under its lock on every order, and a
    // scan of every hold an item ever had would grow with the sales.
    index('stock_holds_open_item')
      .on(t.kind, t.itemId)
      .where(sql`${t.releasedAt} is null and ${t.convertedAt} is null`),
    index('stock_holds_order').on(t.paymentOrderId),
    index('stock_holds_waiting_entry').on(t.waitingEntryId),
    check('stock_hold_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_hold_owner', sql`${t.paymentOrderId} is not null or ${t.waitingEntryId} is not null`),
  ],
);

/**
 * A place in a waiting list of a full item (a participation option, a T-shirt size, a stay's date
 * option). Position = order of joining (created_at, ties by id). waiting: in line; offered: a freed unit
 * is held for them until offer_expires_at; accepted: an order or registration took the offer over; left:
 * they left the list; lapsed: the offer ran out unused (docs/waiting-lists.md).
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: inventoryKinds }).notNull(),
    itemId: integer('item_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A team option's members as the leader entered them (leader first); empty for other kinds. */
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    teamName: text('team_name'),
    status: text('status', { enum: ['waiting', 'offered', 'accepted', 'left', 'lapsed'] })
      .notNull()
      .default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // One live entry per person per item; a person who left or let an offer lapse may join again.
    uniqueIndex('waiting_list_live_entry')
      .on(t.kind, t.itemId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waiting_list_line')
      .on(t.kind, t.itemId, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('waiting_list_offers')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    index('waiting_list_user').on(t.userId),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  providerEventId: text('provider_event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Set in the transaction that acted on the event. A row without it was received but not acted on (the
   * process stopped, the database failed): the provider's redelivery is processed, not ignored.
   */
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/**
 * A captured payment that cannot become its order's outcome (sold out, or the order was already paid with
 * another payment) is given back once: the row is written under the order's lock by the one settler that
 * decides it, with the buyer's mail in the same transaction; the provider's refund follows, and
 * reconciliation retries any whose refund has not gone through (`refundedAt` null).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    providerPaymentId: text('provider_payment_id').primaryKey(),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    /** Set by the run that is asking the provider for the refund, so two runs never ask at once. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('payment_refunds_order').on(t.paymentOrderId)],
);

// ---------- outcomes ----------

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['identity_proof', 'content'] }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_storage_key').on(t.storageKey), index('uploads_owner').on(t.ownerUserId)],
);

export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    participationId: integer('participation_id')
      .notNull()
      .references(() => participationOptions.id, { onDelete: 'restrict' }),
    teamName: text('team_name'),
    leaderUserId: uuid('leader_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull().default(0),
    isDaStudent: boolean('is_da_student').notNull().default(false),
    status: text('status', { enum: ['confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('registrations_payment_order').on(t.paymentOrderId),
    index('registrations_event').on(t.eventId),
    // The places an option's confirmed registrations take are counted under its lock on every registration.
    index('registrations_option_confirmed')
      .on(t.participationId)
      .where(sql`${t.status} = 'confirmed'`),
  ],
);

export const registrationMembers = pgTable(
  'registration_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    isLeader: boolean('is_leader').notNull().default(false),
    position: integer('position').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // One live registration per person per event, enforced by the database itself.
    uniqueIndex('registration_members_event_user_live')
      .on(t.eventId, t.userId)
      .where(sql`${t.cancelledAt} is null`),
    index('registration_members_user').on(t.userId),
  ],
);

export const merchandiseOrders = pgTable(
  'merchandise_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    totalPaise: integer('total_paise').notNull(),
    status: text('status', { enum: ['confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('merchandise_orders_payment_order').on(t.paymentOrderId),
    index('merchandise_orders_user').on(t.userId),
  ],
);

export const merchandiseOrderLines = pgTable(
  'merchandise_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => merchandiseOrders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => merchandiseVariants.id, { onDelete: 'restrict' }),
    qty: integer('qty').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    lineTotalPaise: integer('line_total_paise').notNull(),
  },
  (t) => [check('merchandise_line_qty_positive', sql`${t.qty} >= 1`)],
);

export const accommodationBookings = pgTable(
  'accommodation_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => accommodationOptions.id, { onDelete: 'restrict' }),
    identityUploadId: uuid('identity_upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'restrict' }),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: ['confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('accommodation_bookings_payment_order').on(t.paymentOrderId),
    // One live booking per person.
    uniqueIndex('accommodation_bookings_user_live')
      .on(t.userId)
      .where(sql`${t.status} = 'confirmed'`),
  ],
);

// ---------- operations ----------

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** [{ filename, contentType, contentBase64 }] */
    attachments: jsonb('attachments').notNull().default([]),
    /**
     * pending: waiting for SMTP; sent: delivered to SMTP; kept: held in the development outbox; failed: gave
     * up; expired: its content (a sign-in code) was no longer usable when its turn came, so it was not sent.
     */
    state: text('state', { enum: ['pending', 'sent', 'kept', 'failed', 'expired'] }).notNull(),
    /** A message worthless after this time (a code mail): never sent later. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Never sent twice, even at the cost of not at all (an announcement's mail): marked (sendingAt) just
     * before it is handed to SMTP, and failed rather than repeated when found still marked after its lease
     * (its sender died mid-send). Every other mail is sent at least once, a repeat keeping its Message-ID.
     */
    atMostOnce: boolean('at_most_once').notNull().default(false),
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due').on(t.state, t.nextAttemptAt),
    index('mail_outbox_to').on(t.to, t.createdAt),
  ],
);

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * The built-in Razorpay sandbox's own records (orders, payments, refunds), kept apart from the app's
 * tables exactly as a real provider's would be. Unused when real Razorpay keys are set.
 */
export const sandboxRecords = pgTable(
  'sandbox_records',
  {
    id: text('id').primaryKey(),
    /** A webhook is one still owed to the app (kept until it accepts it). */
    kind: text('kind', { enum: ['order', 'payment', 'refund', 'webhook'] }).notNull(),
    /** The order a payment or refund belongs to, for listing an order's payments. */
    orderId: text('order_id'),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_records_order').on(t.kind, t.orderId)],
);

// ---------- the organisers' console ----------

/** Every change an organiser makes: who, what, when, and the record before and after. Never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept beside the id so the log still reads after an account is gone. */
    actorEmail: text('actor_email').notNull(),
    /** create, update, delete, reorder, refund, role, check_in, ... */
    action: text('action').notNull(),
    /** The kind of record: event_category, event, sponsor, payment_order, user, ... */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_created').on(t.createdAt),
  ],
);

/**
 * A participant's own change to what they hold (docs/own-changes.md): the organisers' "Changes" list, and
 * what an undo needs. One live cancellation per thing cancelled (a double tap finds the first).
 */
export const participantChanges = pgTable(
  'participant_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What changed: a cancellation, a T-shirt size, a team's members, a transfer, the person's details. */
    action: text('action', { enum: participantChangeActions }).notNull(),
    /** registration, merchandise_order or accommodation_booking. */
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    refundPaise: integer('refund_paise').notNull().default(0),
    /** What the change was about, for the list: the event, the size, the stay. */
    summary: text('summary').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneByUserId: uuid('undone_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('participant_changes_live_cancel')
      .on(t.entity, t.entityId)
      .where(sql`${t.action} = 'cancel' and ${t.undoneAt} is null`),
    index('participant_changes_created').on(t.createdAt),
    check('participant_changes_refund', sql`${t.refundPaise} >= 0`),
  ],
);

/**
 * A place offered by its holder to another verified account (docs/own-changes.md): a solo registration or a
 * stay. At most one open offer per thing; the receiver accepts or declines from their own profile.
 */
export const transferOffers = pgTable(
  'transfer_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entity: text('entity', { enum: ['registration', 'accommodation_booking'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** offered until the receiver decides or the giver withdraws; void when the thing changed meanwhile. */
    state: text('state', { enum: ['offered', 'accepted', 'declined', 'withdrawn', 'void'] })
      .notNull()
      .default('offered'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transfer_offers_open')
      .on(t.entity, t.entityId)
      .where(sql`${t.state} = 'offered'`),
    index('transfer_offers_to_user').on(t.toUserId, t.state),
  ],
);

/**
 * One festival pass per person (participant or accommodation guest). The random id is the secret part of
 * the QR token, which also carries an HMAC so a forged code is refused without a lookup.
 */
export const festivalPasses = pgTable(
  'festival_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Set when the pass is withdrawn by hand; a pass is also refused when its holder has nothing live. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('festival_passes_user').on(t.userId)],
);

/** A pass used at the gate: at most once per festival day. */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    passId: uuid('pass_id')
      .notNull()
      .references(() => festivalPasses.id, { onDelete: 'cascade' }),
    /** The festival day (India time) the check-in counts for. */
    festivalDay: date('festival_day').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    checkedInByUserId: uuid('checked_in_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('check_ins_pass_day').on(t.passId, t.festivalDay),
    index('check_ins_day').on(t.festivalDay),
  ],
);

// ---------- after the registration: attendance, results, certificates ----------

/**
 * A member of an event marked present at one of its sessions by a volunteer's scan. At most one live row
 * per (session, person): the partial unique index decides between two volunteers scanning the same pass.
 * `scan_id` is the id the volunteer's phone gave the scan, so a batch sent twice (offline, then replayed)
 * records nothing new. An undo sets `undone_at`; the row stays for the audit.
 */
export const attendance = pgTable(
  'attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    scanId: uuid('scan_id').notNull(),
    /** When the volunteer scanned (the phone's clock, kept within reason by the server). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneByUserId: uuid('undone_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('attendance_scan').on(t.scanId),
    uniqueIndex('attendance_session_user_live')
      .on(t.sessionId, t.userId)
      .where(sql`${t.undoneAt} is null`),
    index('attendance_user').on(t.userId),
  ],
);

/** A team (or a solo participant) that goes through from a round (a session) to the event's next one. */
export const roundAdvancements = pgTable(
  'round_advancements',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set in the transaction that queues the members' mails: each is mailed once. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.registrationId] })],
);

/** An event's final placings as the organisers record them: 1st, 2nd, 3rd, or a named special mention. */
export const resultPlacings = pgTable(
  'result_placings',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** 1, 2 or 3; null for a special mention. */
    place: integer('place'),
    /** The mention's name ("Best design"); null for a place. */
    mention: text('mention'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.registrationId] }),
    check('result_placings_place', sql`${t.place} is null or ${t.place} between 1 and 3`),
    check('result_placings_one_of', sql`(${t.place} is null) <> (${t.mention} is null)`),
  ],
);

/**
 * What the public sees of an event's results: a snapshot taken when the organisers publish, so editing
 * the placings afterwards changes nothing public until they publish again.
 */
export const publishedResults = pgTable('published_results', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  /** The published placings: [{ place, mention, name, college, members }]. */
  placings: jsonb('placings').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  publishedByUserId: uuid('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A certificate, as issued: the id is 128 random bits (base64url, 22 characters), the only key anyone
 * outside holds. The recipient's name, the title and the event's name are snapshots: a certificate says
 * what it said the day it was issued. A correction issues a replacement and points the old one at it.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: certificateKinds }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** null for the festival team's and volunteers' certificates. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'restrict' }),
    recipientName: text('recipient_name').notNull(),
    college: text('college').notNull(),
    /** What it is for, as printed ("Participation in Robo Race", "First place in Robo Race"). */
    title: text('title').notNull(),
    eventName: text('event_name'),
    /** The placing it records (merit): 1, 2, 3, or null with a mention. */
    place: integer('place'),
    mention: text('mention'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedByUserId: uuid('issued_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    replacedById: text('replaced_by_id'),
  },
  (t) => [
    // One current certificate per person, kind and event (0 stands for "no event"): issuing twice adds nothing.
    uniqueIndex('certificates_current')
      .on(t.userId, t.kind, sql`coalesce(${t.eventId}, 0)`)
      .where(sql`${t.revokedAt} is null and ${t.replacedById} is null`),
    index('certificates_user').on(t.userId),
    index('certificates_event').on(t.eventId),
    check('certificates_revoked_reason', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
  ],
);

/** Raw bytes (a rendered PDF), read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A certificate's PDF once rendered, shared by every instance. A certificate's printed content never
 * changes (a correction is a new certificate), so an entry is never stale.
 */
export const certificatePdfs = pgTable('certificate_pdfs', {
  certificateId: text('certificate_id')
    .primaryKey()
    .references(() => certificates.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- announcements, pushes and reminders (docs/announcements.md) ----------

/** A device that agreed to receive pushes: the push service's endpoint and the keys to encrypt for it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A name for the device read from its browser ("Chrome on Android"), shown in the profile. */
    device: text('device').notNull(),
    createdAt: createdAt(),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user').on(t.userId),
  ],
);

/** An organiser's message: what, to whom (audience), how (channels), and when. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where a tap leads: a page of the site ('/schedule') or an https address. */
    link: text('link'),
    /** lib/schemas/announcements.ts audienceSchema. */
    audience: jsonb('audience').notNull(),
    channels: text('channels', { enum: announcementChannels }).array().notNull(),
    /**
     * scheduled: waits for sendAt; sending: its recipients are fixed and its messages queued; cancelled:
     * withdrawn before sendAt. The messages' own progress is in the delivery log, not here.
     */
    state: text('state', { enum: ['scheduled', 'sending', 'cancelled'] }).notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** The banner is shown from sendAt until this time. */
    bannerUntil: timestamp('banner_until', { withTimezone: true }),
    /** Set once the pages showing the banner were marked stale after bannerUntil (by one instance). */
    bannerEnded: boolean('banner_ended').notNull().default(false),
    /** How many people the audience held when it was sent. */
    recipients: integer('recipients'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('announcements_due')
      .on(t.sendAt)
      .where(sql`${t.state} = 'scheduled'`),
    index('announcements_sent').on(t.sentAt),
  ],
);

/**
 * The delivery log: one row per person and channel of a sent announcement, written when its audience is
 * fixed (the primary key is what keeps anyone from being queued twice). A mail's progress is its outbox
 * row's; a push's is its queue rows' (one per device); `unreachable` says why nothing was queued.
 */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: personalChannels }).notNull(),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** Why nothing was queued: no device has push turned on. */
    unreachable: text('unreachable'),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.channel, t.userId] }),
    index('announcement_deliveries_user').on(t.userId),
  ],
);

/**
 * Pushes waiting for, or done with, the push service: one row per message and device. `key` names the
 * message (announcement:<id>, reminder:<session>:<start>, timetable:<session>:<sequence>); a message is
 * queued at most once per device. Claimed with SKIP LOCKED for a lease, as the mail outbox is.
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the device turned pushes off or its subscription expired: nothing more is sent to it. */
    subscriptionId: uuid('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    /** { title, body, url, tag } as the service worker shows it. */
    payload: jsonb('payload').notNull(),
    /** pending; delivered (the push service accepted it); failed (gave up, lastError says why); gone (the device left). */
    state: text('state', { enum: ['pending', 'delivered', 'failed', 'gone'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set just before a request to the push service, cleared with its outcome: still set on a row whose
     * lease has passed, it was in flight when its sender died, and may have reached the device.
     */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    /** The message is worthless after this (a reminder once its session has begun). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_queue_key_subscription').on(t.key, t.subscriptionId),
    index('push_queue_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('push_queue_key_user').on(t.key, t.userId),
  ],
);

/** The reminders sent: one per person, session and start time (a session moved later is reminded again). */
export const sessionReminders = pgTable(
  'session_reminders',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    channel: text('channel', { enum: personalChannels }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId, t.startsAt] })],
);

// ---------- the shared page and data cache (lib/cache/shared-cache-handler.ts) ----------

/**
 * Next's cache entries (rendered pages, route answers, `unstable_cache` data), shared by every instance
 * on this database. Keyed by build so a new build never serves an older build's pages. `value` is JSON
 * with Buffers and Maps encoded; `tags` are the entry's cache tags; times are epoch milliseconds.
 */
export const nextCacheEntries = pgTable(
  'next_cache_entries',
  {
    buildId: text('build_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastModified: bigint('last_modified', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.key] })],
);

/** When each cache tag was last revalidated (epoch milliseconds): an entry older than one of its tags is stale. */
export const nextCacheTags = pgTable('next_cache_tags', {
  tag: text('tag').primaryKey(),
  revalidatedAt: bigint('revalidated_at', { mode: 'number' }).notNull(),
});
