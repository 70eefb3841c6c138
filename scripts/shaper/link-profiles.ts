// The links bench:lighthouse loads pages through (scripts/shaper/traffic-shaper.ts shapes them; the
// model of what each figure means is scripts/shaper/link-model.ts).

export interface LinkProfile {
  /** Printed in the benchmark's tables. */
  name: string;
  /** Round trip; each direction takes half. */
  rttMs: number;
  /** Server to browser, kbit/s (1 kbit = 1,000 bits), shared by all connections: one radio link. */
  downKbps: number;
  /** Browser to server, kbit/s, shared. */
  upKbps: number;
  /** TCP slow start begins with this many segments per connection (RFC 6928's 10 today). */
  initialWindowSegments: number;
  /** Share of segments lost and resent one round trip later (0..1). */
  lossRate: number;
}

/** Lighthouse's own mobile preset: the figures its simulated throttling uses, here on a real link. */
export const slow4g: LinkProfile = {
  name: 'Slow 4G',
  rttMs: 150,
  downKbps: 1600,
  upKbps: 750,
  initialWindowSegments: 10,
  lossRate: 0,
};

/** A festival visitor on the college network while everyone else is on it too. */
export const campusWifi: LinkProfile = {
  name: 'campus Wi-Fi under load',
  rttMs: 400,
  downKbps: 1000,
  upKbps: 500,
  initialWindowSegments: 10,
  lossRate: 0.02,
};

/** Keyed by the short id the benchmark's command line takes. */
export const linkProfiles = { slow4g, campusWifi } as const satisfies Record<string, LinkProfile>;

export type LinkProfileId = keyof typeof linkProfiles;
