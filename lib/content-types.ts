/**
 * Public content shapes as the API answers them (SPEC.md part 3, field names included). Shared by the
 * server services, the pages and the browser screens.
 */
export interface EventCategory {
  id: number;
  name: string;
  imageUrl: string;
}

export interface ParticipationOption {
  id: number;
  participation_name: string;
  /** Whole rupees; 0 is free. */
  price: number;
  min_range: number;
  max_range: number;
  /**
   * Registrations (teams) the option still takes: its limit less confirmed registrations and places held
   * for payments in progress; null when unlimited. An addition to the spec's shape.
   */
  places_left: number | null;
}

export interface FestivalEvent {
  id: number;
  categoryId: number;
  name: string;
  image_url: string;
  description: string;
  isRegistrationOpen: boolean;
  /** Institute students register free when true. */
  instituteFeeWaived: boolean;
  participations: ParticipationOption[];
  rule_book_pdf_url: string | null;
  poc1_name: string;
  poc1_phone_no: string;
  poc2_name: string | null;
  poc2_phone_no: string | null;
  venue: string | null;
  /** ISO date-time, or null when not scheduled yet. */
  startsAt: string | null;
}

export interface TeamMember {
  name: string;
  designation: string;
  imageUrl: string;
  instagramUrl?: string;
  linkedInUrl?: string;
}

export interface TeamGroup {
  teamCategory: string;
  teamMembers: TeamMember[];
}

export interface Sponsor {
  name: string;
  imageUrl: string;
  websiteUrl: string;
  isVisible: boolean;
}

export interface SponsorGroup {
  sponsorCategory: string;
  sponsors: Sponsor[];
}

export interface ProniteArtist {
  id: number;
  name: string;
  tagline: string;
  /** ISO date of the concert night. */
  night: string;
  imageUrl: string;
}
