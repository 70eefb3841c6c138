/*
 * Aetherfest 2027 festival content: event categories and their 72 events, the organising team,
 * sponsors, pronite artists, merchandise and accommodation. Plain data only (no database access), so it
 * can be imported by the seeder, by tests and by anything else that wants to know what the seed holds.
 * Every name, phone number, brand and link here is fictional.
 */

// ---------- shapes ----------

/** One way to take part in an event. Price is whole rupees (0 = free); min = max means an individual entry. */
export interface SeedParticipation {
  participationName: string;
  price: number;
  minRange: number;
  maxRange: number;
}

export interface SeedEvent {
  name: string;
  imageUrl: string;
  description: string;
  isRegistrationOpen: boolean;
  instituteFeeWaived: boolean;
  ruleBookPdfUrl: string | null;
  poc1Name: string;
  poc1PhoneNo: string;
  poc2Name?: string | null;
  poc2PhoneNo?: string | null;
  venue: string;
  /** ISO date-time with the India offset, e.g. '2027-02-20T10:00:00+05:30'. */
  startsAt: string;
  /** Empty when the event registers through an external link only. */
  participations: SeedParticipation[];
}

export interface SeedCategory {
  slug: string;
  name: string;
  imageUrl: string;
  isVisible: boolean;
  events: SeedEvent[];
}

export interface SeedTeamMember {
  name: string;
  designation: string;
  imageUrl: string;
  instagramUrl?: string | null;
  linkedInUrl?: string | null;
}

export interface SeedTeamGroup {
  teamCategory: string;
  members: SeedTeamMember[];
}

export interface SeedSponsor {
  name: string;
  imageUrl: string;
  websiteUrl: string;
  isVisible: boolean;
}

export interface SeedSponsorGroup {
  sponsorCategory: string;
  sponsors: SeedSponsor[];
}

export interface SeedArtist {
  name: string;
  tagline: string;
  /** ISO date of the concert night. */
  night: string;
  imageUrl: string;
}

export interface SeedVariant {
  /** Size label. */
  type: 'XS' | 'S' | 'M' | 'L' | 'XL' | 'XXL';
  stock: number;
  isEnabled: boolean;
}

export interface SeedProduct {
  name: string;
  description: string;
  pricePaise: number;
  oldPricePaise: number | null;
  image1Url: string;
  image2Url: string | null;
  variants: SeedVariant[];
}

export interface SeedAccommodationOption {
  /** ISO date of the first night. */
  startDate: string;
  /** Nights; startDate + days never goes past 2027-02-24 (the morning after the last festival day). */
  days: number;
  capacity: number;
  booked: number;
}

export interface SeedAccommodationType {
  accommodationType: string;
  /** Whole rupees per night; null = not priced yet. */
  pricePerNight: number | null;
  description: string;
  /** In the order the booking screen lists them (by start date, then nights). */
  options: SeedAccommodationOption[];
}

// ---------- small builders for participation options ----------

const solo = (price: number, participationName = 'Solo'): SeedParticipation => ({
  participationName,
  price,
  minRange: 1,
  maxRange: 1,
});

const team = (
  minRange: number,
  maxRange: number,
  price: number,
  participationName = 'Team',
): SeedParticipation => ({
  participationName,
  price,
  minRange,
  maxRange,
});

const RULES = '/rulebooks/general-rules.pdf';

// ---------- events ----------

const arcaneTech: SeedEvent[] = [
  {
    name: 'Golem Wars',
    imageUrl: '/images/events/robot-arena.svg',
    description:
      'Build a remote-controlled golem of metal and wire, then send it into a walled pit against rival creations. ' +
      'The last machine still moving when the bell rings takes the crown, and style points go to the most theatrical wreck.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Aarav Deshpande',
    poc1PhoneNo: '9876500001',
    poc2Name: 'Tanvi Rathod',
    poc2PhoneNo: '9876500002',
    venue: 'Sports Ground',
    startsAt: '2027-02-20T10:00:00+05:30',
    participations: [team(3, 5, 200)],
  },
  {
    name: 'Code Cauldron',
    imageUrl: '/images/events/code-cauldron.svg',
    description:
      'Three hours, eight algorithmic puzzles and one bubbling scoreboard. Brew the fastest correct solutions alone ' +
      'or with a partner, and watch your rank rise like steam.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Kabir Joshi',
    poc1PhoneNo: '9876500003',
    venue: 'Lab 2',
    startsAt: '2027-02-20T14:00:00+05:30',
    participations: [solo(0), team(2, 2, 50, 'Duo')],
  },
  {
    name: 'Spellbound Hackathon',
    imageUrl: '/images/events/code-cauldron.svg',
    description:
      'A twenty-four hour build sprint where teams turn a secret theme, revealed at midnight, into a working prototype. ' +
      'Teams should also file their idea sheet at https://forms.example.org/aetherfest/spellbound-hackathon so mentors can be matched before the clock starts.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Meera Iyer',
    poc1PhoneNo: '9876500004',
    poc2Name: 'Rohan Kulkarni',
    poc2PhoneNo: '9876500005',
    venue: 'LT',
    startsAt: '2027-02-21T09:00:00+05:30',
    participations: [team(2, 4, 200)],
  },
  {
    name: 'Circuit Alchemy',
    imageUrl: '/images/events/rune-circuit.svg',
    description:
      'Pairs receive a breadboard of misbehaving components and a schematic written in riddles. ' +
      'Find every fault, make the lamp glow, and explain the cure to the judges.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Devansh Parikh',
    poc1PhoneNo: '9876500006',
    venue: 'Lab 1',
    startsAt: '2027-02-20T11:30:00+05:30',
    participations: [team(2, 2, 100, 'Pair')],
  },
  {
    name: 'Capture the Sigil',
    imageUrl: '/images/events/rune-circuit.svg',
    description:
      'A jeopardy-style security contest with locked vaults, hidden flags and cryptic binaries. ' +
      'Crack a challenge, claim its sigil, and climb the board before your rivals patch their wits.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Ishita Menon',
    poc1PhoneNo: '9876500007',
    poc2Name: 'Yash Bhatt',
    poc2PhoneNo: '9876500008',
    venue: 'Lab 2',
    startsAt: '2027-02-22T10:00:00+05:30',
    participations: [team(1, 3, 0)],
  },
  {
    name: 'Drone Familiars',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Pilot a small drone through glowing hoops, under a rope bridge and around the old water tower. ' +
      'Fastest clean lap wins; every missed hoop adds five seconds to your time.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Nikhil Chauhan',
    poc1PhoneNo: '9876500009',
    venue: 'Sports Ground',
    startsAt: '2027-02-21T16:00:00+05:30',
    participations: [team(2, 4, 150)],
  },
  {
    name: "Mechanic's Riddle",
    imageUrl: '/images/events/rune-circuit.svg',
    description:
      'You get a sealed gadget and a screwdriver. Take it apart, work out what it was built to do, and sketch how you would make it better.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Pooja Trivedi',
    poc1PhoneNo: '9876500010',
    venue: 'Lab 1',
    startsAt: '2027-02-22T14:00:00+05:30',
    participations: [solo(50)],
  },
  {
    name: 'Tower of Sticks',
    imageUrl: '/images/events/castle-tower.svg',
    description:
      'Raise the tallest tower you can from ice-cream sticks and glue, then watch the judges pile sandbags on top. ' +
      'Height earns points, but only a tower that survives the load gets to keep them.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Harsh Vaghela',
    poc1PhoneNo: '9876500011',
    poc2Name: 'Sneha Pillai',
    poc2PhoneNo: '9876500012',
    venue: 'CEP',
    startsAt: '2027-02-20T15:00:00+05:30',
    participations: [team(2, 3, 100)],
  },
  {
    name: 'Web Weaving',
    imageUrl: '/images/events/code-cauldron.svg',
    description:
      'Design and build a one-page site for an imaginary magical shop in four hours, using any framework you like. ' +
      'Judges look at polish, accessibility and how well the shop sells its strangest item.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: null,
    poc1Name: 'Aditi Saxena',
    poc1PhoneNo: '9876500013',
    venue: 'Lab 2',
    startsAt: '2027-02-23T10:00:00+05:30',
    participations: [solo(0), team(2, 2, 0, 'Duo')],
  },
  {
    name: 'Oracle of Data',
    imageUrl: '/images/events/crystal-orb.svg',
    description:
      'An online prediction challenge: study a year of enchanted weather readings and forecast the storms to come. ' +
      'Entries are taken only through https://forms.example.org/aetherfest/oracle-of-data where the data set and leaderboard also live.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Varun Nair',
    poc1PhoneNo: '9876500014',
    venue: 'Lab 3',
    startsAt: '2027-02-20T09:00:00+05:30',
    participations: [],
  },
  {
    name: 'Maze Runner Bots',
    imageUrl: '/images/events/robot-arena.svg',
    description:
      'Your autonomous bot must follow a painted line through a labyrinth of forks, gaps and false turns. ' +
      'No remote control allowed: the maze decides who built the wisest machine.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Siddharth Rao',
    poc1PhoneNo: '9876500015',
    poc2Name: 'Khushi Patel',
    poc2PhoneNo: '9876500016',
    venue: 'CEP',
    startsAt: '2027-02-22T11:00:00+05:30',
    participations: [team(2, 4, 150)],
  },
  {
    name: "Alchemist's Bench",
    imageUrl: '/images/events/potion-lab.svg',
    description:
      'A hands-on chemistry challenge where pairs must separate, identify and purify a murky mystery mixture. ' +
      'Safety goggles are provided, and the neatest lab notebook breaks any tie.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Riya Gandhi',
    poc1PhoneNo: '9876500017',
    venue: 'Lab 1',
    startsAt: '2027-02-21T11:00:00+05:30',
    participations: [team(2, 2, 0, 'Pair')],
  },
  {
    name: 'Rune Cipher',
    imageUrl: '/images/events/rune-circuit.svg',
    description:
      'Decode a chain of ciphers carved into posters across the lecture block, each one pointing to the next. ' +
      'The first to read the final rune aloud at the help desk wins.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Arjun Solanki',
    poc1PhoneNo: '9876500018',
    venue: 'LT',
    startsAt: '2027-02-23T13:00:00+05:30',
    participations: [solo(0)],
  },
];

const enchantedStage: SeedEvent[] = [
  {
    name: 'Battle of the Bards',
    imageUrl: '/images/events/lute-melody.svg',
    description:
      'Bands get twenty minutes on the open-air stage to win over the judges and the crowd. ' +
      'Original songs earn extra credit, and the winning act opens the first pronite.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Neel Acharya',
    poc1PhoneNo: '9876500019',
    poc2Name: 'Diya Sharma',
    poc2PhoneNo: '9876500020',
    venue: 'OAT',
    startsAt: '2027-02-20T17:00:00+05:30',
    participations: [team(3, 7, 300, 'Band')],
  },
  {
    name: 'Moonlit Solo',
    imageUrl: '/images/events/lute-melody.svg',
    description:
      'One voice, one song, one spotlight. Sing in any language or style, with or without a backing track.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Ananya Kapoor',
    poc1PhoneNo: '9876500021',
    venue: 'CEP',
    startsAt: '2027-02-21T15:00:00+05:30',
    participations: [solo(100)],
  },
  {
    name: 'Duet of Two Moons',
    imageUrl: '/images/events/lute-melody.svg',
    description:
      'Two singers, one stage and a song that needs both of them. Harmony, balance and chemistry count as much as range.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Ananya Kapoor',
    poc1PhoneNo: '9876500021',
    venue: 'CEP',
    startsAt: '2027-02-21T17:30:00+05:30',
    participations: [team(2, 2, 150, 'Duet')],
  },
  {
    name: 'Street Sorcery',
    imageUrl: '/images/events/stage-mask.svg',
    description:
      'A street dance face-off in the courtyard with the audience crowding close. ' +
      'Crews bring a five-minute set, then answer a surprise track in a final cypher.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Vivaan Malhotra',
    poc1PhoneNo: '9876500022',
    poc2Name: 'Jiya Dave',
    poc2PhoneNo: '9876500023',
    venue: 'OAT',
    startsAt: '2027-02-22T16:00:00+05:30',
    participations: [team(4, 10, 300, 'Crew')],
  },
  {
    name: 'Whirl of the Phoenix',
    imageUrl: '/images/events/stage-mask.svg',
    description:
      'Classical, contemporary or freestyle: bring the dance that makes you feel like you are on fire. ' +
      'Perform alone or as a pair in a three-minute slot.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Saanvi Reddy',
    poc1PhoneNo: '9876500024',
    venue: 'CEP',
    startsAt: '2027-02-20T18:00:00+05:30',
    participations: [solo(100), team(2, 2, 150, 'Duo')],
  },
  {
    name: 'Masquerade',
    imageUrl: '/images/events/stage-mask.svg',
    description:
      'A one-act play competition where every troupe must work a mask into its story. ' +
      'Thirty minutes on stage, including setup, and the lights go out on the dot.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Kavya Mishra',
    poc1PhoneNo: '9876500025',
    poc2Name: 'Omkar Jadhav',
    poc2PhoneNo: '9876500026',
    venue: 'LT',
    startsAt: '2027-02-21T19:00:00+05:30',
    participations: [team(4, 12, 250, 'Troupe')],
  },
  {
    name: 'Mime of Silence',
    imageUrl: '/images/events/stage-mask.svg',
    description:
      'Tell a whole tale without a single word, with only music and movement to guide the audience. ' +
      'Props are allowed; speech, even a whisper, is not.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Aditya Goswami',
    poc1PhoneNo: '9876500027',
    venue: 'OAT',
    startsAt: '2027-02-22T11:00:00+05:30',
    participations: [team(3, 8, 200)],
  },
  {
    name: 'Garba Under the Stars',
    imageUrl: '/images/events/carnival-tent.svg',
    description:
      'Circles of dancers, dhol beats and a sky full of stars over the sports ground. ' +
      'Judges roam the rings looking for the best steps, the brightest attire and the widest smile.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: null,
    poc1Name: 'Hetvi Shah',
    poc1PhoneNo: '9876500028',
    poc2Name: 'Parth Desai',
    poc2PhoneNo: '9876500029',
    venue: 'Sports Ground',
    startsAt: '2027-02-22T20:00:00+05:30',
    participations: [solo(0), team(2, 2, 0, 'Pair')],
  },
  {
    name: 'Runway of Enchantment',
    imageUrl: '/images/events/stage-mask.svg',
    description:
      'Teams design a themed collection and walk it down a runway of candlelight and fog. ' +
      'Costume craft, choreography and story are judged together.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Tara Bose',
    poc1PhoneNo: '9876500030',
    venue: 'CEP',
    startsAt: '2027-02-23T18:00:00+05:30',
    participations: [team(6, 12, 400)],
  },
  {
    name: 'Canvas Charms',
    imageUrl: '/images/events/castle-tower.svg',
    description:
      'Paint the theme announced at the start on a canvas we provide, in whatever medium you carry. ' +
      'You have three hours and the whole library lawn to find your light.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Nandini Verma',
    poc1PhoneNo: '9876500031',
    venue: 'Library Lawn',
    startsAt: '2027-02-21T10:00:00+05:30',
    participations: [solo(50)],
  },
  {
    name: 'Face of the Full Moon',
    imageUrl: '/images/events/stage-mask.svg',
    description:
      'One artist, one canvas that happens to be a face. Pairs get ninety minutes to turn a teammate into a creature of the night.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Nandini Verma',
    poc1PhoneNo: '9876500031',
    venue: 'Library Lawn',
    startsAt: '2027-02-22T14:30:00+05:30',
    participations: [team(2, 2, 100, 'Pair')],
  },
  {
    name: 'Photo Patronus',
    imageUrl: '/images/events/crystal-orb.svg',
    description:
      'Wander the festival with a camera and capture the moment that best shows its magic. ' +
      'Upload up to three frames through https://forms.example.org/aetherfest/photo-patronus by the last evening of the fest.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Rahul Khanna',
    poc1PhoneNo: '9876500032',
    venue: 'Campus-wide',
    startsAt: '2027-02-20T09:00:00+05:30',
    participations: [],
  },
  {
    name: 'Short Film Spell',
    imageUrl: '/images/events/crystal-orb.svg',
    description:
      'Shoot a film of no more than seven minutes on the theme "a door that should stay shut". ' +
      'Finished films are submitted at https://forms.example.org/aetherfest/short-film-spell and the shortlist is screened in the lecture theatre.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Zoya Qureshi',
    poc1PhoneNo: '9876500033',
    poc2Name: 'Manav Thakkar',
    poc2PhoneNo: '9876500034',
    venue: 'LT',
    startsAt: '2027-02-23T15:00:00+05:30',
    participations: [team(1, 5, 0, 'Crew')],
  },
];

const duellingArena: SeedEvent[] = [
  {
    name: 'Tactical Hexes',
    imageUrl: '/images/events/duel-wands.svg',
    description:
      'A five-versus-five tactical shooter bracket on the lab machines, group stage first and a knockout to finish. ' +
      'Bring your own peripherals; one substitute may join the roster.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Kunal Mehta',
    poc1PhoneNo: '9876500035',
    poc2Name: 'Aryan Sethi',
    poc2PhoneNo: '9876500036',
    venue: 'Lab 2',
    startsAt: '2027-02-20T10:00:00+05:30',
    participations: [team(5, 6, 250, 'Squad')],
  },
  {
    name: 'Last Wizard Standing',
    imageUrl: '/images/events/duel-wands.svg',
    description:
      'Mobile battle royale in squads of four, six rounds, points for placement and eliminations. ' +
      'Charge your phones: the lobby opens once and waits for no one.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Aryan Sethi',
    poc1PhoneNo: '9876500036',
    venue: 'Lab 3',
    startsAt: '2027-02-21T11:00:00+05:30',
    participations: [team(4, 4, 200, 'Squad')],
  },
  {
    name: 'Pitch of Pixels',
    imageUrl: '/images/events/duel-wands.svg',
    description:
      'A one-on-one football simulation cup played on the big canteen screen. Six-minute halves, knockout from the first whistle.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Jay Pandya',
    poc1PhoneNo: '9876500037',
    venue: 'Canteen',
    startsAt: '2027-02-22T13:00:00+05:30',
    participations: [solo(100)],
  },
  {
    name: "Wizard's Chess Blitz",
    imageUrl: '/images/events/castle-tower.svg',
    description:
      'Five-minute blitz games in a Swiss system of seven rounds. ' +
      'Knights may not leap off the board here, but the clock is every bit as cruel.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Aniket Kulkarni',
    poc1PhoneNo: '9876500038',
    venue: 'LT',
    startsAt: '2027-02-20T14:00:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Relic Arcade',
    imageUrl: '/images/events/crystal-orb.svg',
    description:
      'Old cabinet classics, one life each, highest score by evening wins. Queue as many times as you like; only your best run counts.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Ritika Jain',
    poc1PhoneNo: '9876500039',
    venue: 'Canteen',
    startsAt: '2027-02-21T12:00:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Turbo Broomball',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Rocket-powered cars, a giant ball and two goals: the two-a-side arena game, played as a double-elimination bracket. ' +
      'Aerial goals are cheered twice as loud.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Jay Pandya',
    poc1PhoneNo: '9876500037',
    venue: 'Lab 3',
    startsAt: '2027-02-22T16:00:00+05:30',
    participations: [team(2, 2, 100, 'Duo')],
  },
  {
    name: 'Deck of Destiny',
    imageUrl: '/images/events/crystal-orb.svg',
    description:
      'A collectible card game tournament with sealed packs opened at the table. Build a deck in thirty minutes, then duel for the trophy.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Shreya Agarwal',
    poc1PhoneNo: '9876500040',
    venue: 'Canteen',
    startsAt: '2027-02-23T11:00:00+05:30',
    participations: [solo(50)],
  },
  {
    name: 'Hex Fighters',
    imageUrl: '/images/events/duel-wands.svg',
    description:
      'A fighting-game bracket: best of three in the pools, best of five from the quarter-finals. ' +
      'Pick your champion and learn every frame.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Kunal Mehta',
    poc1PhoneNo: '9876500035',
    venue: 'Lab 3',
    startsAt: '2027-02-20T16:00:00+05:30',
    participations: [solo(50)],
  },
  {
    name: 'Portal Sprint',
    imageUrl: '/images/events/crystal-orb.svg',
    description:
      'A speedrun race through a puzzle-platformer chapter, timed by the judges. ' +
      'Practise routes ahead and post your warm-up time at https://forms.example.org/aetherfest/portal-sprint so we can seed the heats.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Ritika Jain',
    poc1PhoneNo: '9876500039',
    venue: 'Lab 2',
    startsAt: '2027-02-23T14:00:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Tabletop Realms',
    imageUrl: '/images/events/castle-tower.svg',
    description:
      'An afternoon marathon of strategy board games, points awarded per table. ' +
      'Teams rotate through trading, territory and bluffing games until one alliance rules the realm.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Shreya Agarwal',
    poc1PhoneNo: '9876500040',
    venue: 'Canteen',
    startsAt: '2027-02-21T15:00:00+05:30',
    participations: [team(2, 4, 0)],
  },
  {
    name: 'Legends of the Grove',
    imageUrl: '/images/events/duel-wands.svg',
    description:
      'Mobile five-versus-five arena battles with a draft phase before each match. Bring a full team of five; no substitutes after check-in.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Aryan Sethi',
    poc1PhoneNo: '9876500036',
    venue: 'Lab 3',
    startsAt: '2027-02-22T10:00:00+05:30',
    participations: [team(5, 5, 250)],
  },
  {
    name: 'Forge a World',
    imageUrl: '/images/events/code-cauldron.svg',
    description:
      'A forty-eight hour game jam that ends with demos on the last day of the fest. ' +
      'Sign-up happens only at https://forms.example.org/aetherfest/forge-a-world where the theme will be announced.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Mihir Bhavsar',
    poc1PhoneNo: '9876500041',
    venue: 'Lab 1',
    startsAt: '2027-02-21T18:00:00+05:30',
    participations: [],
  },
];

const broomfieldSports: SeedEvent[] = [
  {
    name: 'Cauldron Cricket',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Box cricket with six-over innings, tennis balls and walls that count as fielders. ' +
      'A six over the net wins a cup of hot chai from the sponsors.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Harshil Patel',
    poc1PhoneNo: '9876500042',
    poc2Name: 'Dhruv Raval',
    poc2PhoneNo: '9876500043',
    venue: 'Sports Ground',
    startsAt: '2027-02-20T08:00:00+05:30',
    participations: [team(6, 8, 400)],
  },
  {
    name: 'Phoenix Five-a-Side',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Fast football on a small pitch: ten-minute halves, rolling substitutions and no offside. ' +
      'Bring studs and shin guards, the pitch brings the dust.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Dhruv Raval',
    poc1PhoneNo: '9876500043',
    venue: 'Sports Ground',
    startsAt: '2027-02-21T08:00:00+05:30',
    participations: [team(5, 7, 350)],
  },
  {
    name: 'Hoops of Fire 3x3',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Half-court basketball, three a side with one substitute, first to twenty-one or ten minutes. Winners stay on court.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Gaurav Sinha',
    poc1PhoneNo: '9876500044',
    venue: 'Basketball Court',
    startsAt: '2027-02-21T16:00:00+05:30',
    participations: [team(3, 4, 200)],
  },
  {
    name: 'Skyward Volley',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Six-a-side volleyball under floodlights, best of three sets in every knockout round. Teams may register up to two substitutes.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Gaurav Sinha',
    poc1PhoneNo: '9876500044',
    venue: 'Sports Ground',
    startsAt: '2027-02-22T17:00:00+05:30',
    participations: [team(6, 8, 300)],
  },
  {
    name: 'Ping of the Wand',
    imageUrl: '/images/events/duel-wands.svg',
    description:
      'Table tennis singles and doubles, eleven-point games, best of five in the finals. Paddles are provided, but you may bring your own.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Prachi Dubey',
    poc1PhoneNo: '9876500045',
    venue: 'Indoor Hall',
    startsAt: '2027-02-20T11:00:00+05:30',
    participations: [solo(100, 'Singles'), team(2, 2, 150, 'Doubles')],
  },
  {
    name: 'Feather and Fury',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Badminton in singles and doubles on the indoor courts, twenty-one point rally scoring throughout. ' +
      'Non-marking shoes are a must.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Prachi Dubey',
    poc1PhoneNo: '9876500045',
    poc2Name: 'Sahil Dutta',
    poc2PhoneNo: '9876500046',
    venue: 'Indoor Hall',
    startsAt: '2027-02-21T09:00:00+05:30',
    participations: [solo(100, 'Singles'), team(2, 2, 180, 'Doubles')],
  },
  {
    name: 'Tug of the Titans',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Eight pairs of hands, one thick rope and a muddy line in the middle. Pull your rivals across it twice to advance.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Sahil Dutta',
    poc1PhoneNo: '9876500046',
    venue: 'Sports Ground',
    startsAt: '2027-02-22T09:00:00+05:30',
    participations: [team(6, 8, 250)],
  },
  {
    name: 'Kabaddi Clash',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Seven on the mat and three on the bench, twenty-minute halves of raids and tackles. ' +
      'Hold your breath, chant the word and bring back a point.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Harshil Patel',
    poc1PhoneNo: '9876500042',
    venue: 'Sports Ground',
    startsAt: '2027-02-23T09:00:00+05:30',
    participations: [team(7, 10, 300)],
  },
  {
    name: 'Dawn Relay',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'A four-by-hundred metre relay run just after sunrise, baton glowing in the morning mist. Exactly four runners per team.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Ira Chatterjee',
    poc1PhoneNo: '9876500047',
    venue: 'Sports Ground',
    startsAt: '2027-02-21T06:30:00+05:30',
    participations: [team(4, 4, 200)],
  },
  {
    name: "Troll's Grip",
    imageUrl: '/images/events/castle-tower.svg',
    description:
      'Arm wrestling in weight classes, elbows on the pad and eyes on your rival. Three pins win the bout.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Manish Yadav',
    poc1PhoneNo: '9876500048',
    venue: 'Canteen',
    startsAt: '2027-02-22T15:00:00+05:30',
    participations: [solo(50)],
  },
  {
    name: 'Carrom Conjuring',
    imageUrl: '/images/events/castle-tower.svg',
    description:
      'Singles and doubles carrom, best of three boards with the queen worth her weight in gold. Powder and strikers are on us.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Manish Yadav',
    poc1PhoneNo: '9876500048',
    venue: 'Canteen',
    startsAt: '2027-02-20T13:00:00+05:30',
    participations: [solo(50, 'Singles'), team(2, 2, 80, 'Doubles')],
  },
  {
    name: 'Flying Discs',
    imageUrl: '/images/events/broom-race.svg',
    description:
      'Ultimate frisbee, five on the field with self-refereed spirit of the game. The team with the best spirit score also earns a prize.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Ira Chatterjee',
    poc1PhoneNo: '9876500047',
    venue: 'Sports Ground',
    startsAt: '2027-02-23T16:00:00+05:30',
    participations: [team(5, 7, 200)],
  },
];

const quillAndScroll: SeedEvent[] = [
  {
    name: 'Duel of Tongues',
    imageUrl: '/images/events/quill-scroll.svg',
    description:
      'A parliamentary-style debate for pairs, motions released fifteen minutes before each round. ' +
      'Wit is welcome, but arguments win the duel.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Aditya Bhatnagar',
    poc1PhoneNo: '9876500049',
    poc2Name: 'Lavanya Krishnan',
    poc2PhoneNo: '9876500050',
    venue: 'LT',
    startsAt: '2027-02-20T11:00:00+05:30',
    participations: [team(2, 2, 100, 'Pair')],
  },
  {
    name: 'Owlery Open Quiz',
    imageUrl: '/images/events/owl-quiz.svg',
    description:
      'A general quiz across science, sport, history and the faintly absurd, with a written prelims and a six-team stage final. ' +
      'Teams of up to three, open to every college.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Soham Ghosh',
    poc1PhoneNo: '9876500051',
    venue: 'LT',
    startsAt: '2027-02-21T14:00:00+05:30',
    participations: [team(1, 3, 0)],
  },
  {
    name: 'Verses by Candlelight',
    imageUrl: '/images/events/quill-scroll.svg',
    description:
      'Slam poetry in the open-air theatre, lit only by candles and phone torches. Three minutes per poet, any language.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Lavanya Krishnan',
    poc1PhoneNo: '9876500050',
    venue: 'OAT',
    startsAt: '2027-02-21T20:00:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Ink and Incantation',
    imageUrl: '/images/events/quill-scroll.svg',
    description:
      'Write a short story of at most fifteen hundred words that begins with the line "The lantern went out first". ' +
      'Send your story through https://forms.example.org/aetherfest/ink-and-incantation and the shortlisted writers read aloud on the lawn.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Fatima Sheikh',
    poc1PhoneNo: '9876500052',
    venue: 'Library Lawn',
    startsAt: '2027-02-22T17:00:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Council of Realms',
    imageUrl: '/images/events/quill-scroll.svg',
    description:
      'A two-day model assembly where delegates speak for kingdoms that never existed. ' +
      'Allotments were made from the preference sheet at https://forms.example.org/aetherfest/council-of-realms and the study guides go out by mail.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Rhea Banerjee',
    poc1PhoneNo: '9876500053',
    poc2Name: 'Kartik Oza',
    poc2PhoneNo: '9876500054',
    venue: 'Seminar Hall',
    startsAt: '2027-02-20T10:00:00+05:30',
    participations: [solo(200, 'Delegate')],
  },
  {
    name: 'Just a Minute, Wizard',
    imageUrl: '/images/events/owl-quiz.svg',
    description:
      'Speak on a random topic for sixty seconds without hesitation, repetition or deviation. Rivals pounce on every slip.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Soham Ghosh',
    poc1PhoneNo: '9876500051',
    venue: 'LT',
    startsAt: '2027-02-22T12:00:00+05:30',
    participations: [solo(50)],
  },
  {
    name: 'Spell It Right',
    imageUrl: '/images/events/owl-quiz.svg',
    description:
      'A spelling bee of tricky, ancient and downright mischievous words. One mistake and your wand is lowered.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: null,
    poc1Name: 'Fatima Sheikh',
    poc1PhoneNo: '9876500052',
    venue: 'LT',
    startsAt: '2027-02-23T11:00:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Crossword Conjuring',
    imageUrl: '/images/events/quill-scroll.svg',
    description:
      'Pairs race to fill a giant cryptic crossword pinned to the library wall. Every solved corner unlocks a bonus clue.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Kartik Oza',
    poc1PhoneNo: '9876500054',
    venue: 'Library Lawn',
    startsAt: '2027-02-21T11:00:00+05:30',
    participations: [team(2, 2, 0, 'Pair')],
  },
  {
    name: 'Ledger of Gold',
    imageUrl: '/images/events/owl-quiz.svg',
    description:
      'A business and brands quiz about logos, founders, mergers and marketing blunders. Teams of two or three battle through written and buzzer rounds.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Rhea Banerjee',
    poc1PhoneNo: '9876500053',
    venue: 'LT',
    startsAt: '2027-02-22T15:00:00+05:30',
    participations: [team(2, 3, 100)],
  },
  {
    name: 'Tales by the Hearth',
    imageUrl: '/images/events/quill-scroll.svg',
    description:
      'Tell a story out loud in five minutes, with no notes and only your voice for special effects. Folk tales, ghost stories and invented legends are all welcome.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Lavanya Krishnan',
    poc1PhoneNo: '9876500050',
    venue: 'Canteen',
    startsAt: '2027-02-20T19:00:00+05:30',
    participations: [solo(50)],
  },
  {
    name: 'Rune Scrabble',
    imageUrl: '/images/events/quill-scroll.svg',
    description:
      'Classic word-tile battles with a twist: one board square per game is cursed and halves your score. Play alone or team up with a friend.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Kartik Oza',
    poc1PhoneNo: '9876500054',
    venue: 'Canteen',
    startsAt: '2027-02-23T14:00:00+05:30',
    participations: [solo(0), team(2, 2, 0, 'Duo')],
  },
];

const mischiefCarnival: SeedEvent[] = [
  {
    name: 'The Lost Relic Hunt',
    imageUrl: '/images/events/carnival-tent.svg',
    description:
      'Follow riddles, maps and whispers across the whole campus to find a relic hidden before dawn. ' +
      'The first team to return it to the clock tower wins.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Yuvraj Gohil',
    poc1PhoneNo: '9876500055',
    poc2Name: 'Ishani Sen',
    poc2PhoneNo: '9876500056',
    venue: 'Campus-wide',
    startsAt: '2027-02-20T15:00:00+05:30',
    participations: [team(3, 5, 150)],
  },
  {
    name: 'Locked in the Tower',
    imageUrl: '/images/events/castle-tower.svg',
    description:
      'An escape room built inside a lecture hall: forty-five minutes, a sealed door and a room full of clues. Crack the final lock before the sand runs out.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Ishani Sen',
    poc1PhoneNo: '9876500056',
    venue: 'LT',
    startsAt: '2027-02-21T13:00:00+05:30',
    participations: [team(2, 4, 200)],
  },
  {
    name: 'Potion Cook-off',
    imageUrl: '/images/events/potion-lab.svg',
    description:
      'Cooking without fire: pairs whip up a dish and a drink from a mystery basket in forty minutes. Taste, look and a good name for the potion all count.',
    isRegistrationOpen: true,
    instituteFeeWaived: true,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Mansi Thakur',
    poc1PhoneNo: '9876500057',
    venue: 'Canteen',
    startsAt: '2027-02-22T12:00:00+05:30',
    participations: [team(2, 2, 100, 'Pair')],
  },
  {
    name: 'Whodunit at Midnight',
    imageUrl: '/images/events/owl-quiz.svg',
    description:
      'A murder-mystery night where actors play suspects and every team plays detective. Interrogate, collect evidence and name the culprit before the clock strikes twelve.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Yuvraj Gohil',
    poc1PhoneNo: '9876500055',
    venue: 'LT',
    startsAt: '2027-02-22T21:00:00+05:30',
    participations: [team(3, 4, 150)],
  },
  {
    name: 'Sixty Second Sorcery',
    imageUrl: '/images/events/carnival-tent.svg',
    description:
      'A rapid string of one-minute challenges with cups, coins, balloons and spoons. Walk up, play, and try to top the board before dinner.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Mansi Thakur',
    poc1PhoneNo: '9876500057',
    venue: 'OAT',
    startsAt: '2027-02-20T17:00:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Hexball Dodge',
    imageUrl: '/images/events/duel-wands.svg',
    description:
      'Dodgeball with soft foam balls and a shrinking court. Every catch brings a teammate back into play.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Kabir Anand',
    poc1PhoneNo: '9876500058',
    venue: 'Sports Ground',
    startsAt: '2027-02-23T10:00:00+05:30',
    participations: [team(5, 6, 200)],
  },
  {
    name: 'Open Cauldron Mic',
    imageUrl: '/images/events/lute-melody.svg',
    description:
      'Songs, poems, magic tricks or a very long joke: the canteen mic is open to anyone with five minutes of courage. ' +
      'Claim a slot at https://forms.example.org/aetherfest/open-cauldron-mic or simply walk up on the evening.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Tanisha Roy',
    poc1PhoneNo: '9876500059',
    venue: 'Canteen',
    startsAt: '2027-02-21T19:30:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Moving Portraits',
    imageUrl: '/images/events/crystal-orb.svg',
    description:
      'A meme and sticker-making contest on festival life, judged by how loudly the jury laughs. Entries close as the gates open.',
    isRegistrationOpen: false,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Tanisha Roy',
    poc1PhoneNo: '9876500059',
    venue: 'Lab 2',
    startsAt: '2027-02-20T12:00:00+05:30',
    participations: [solo(0)],
  },
  {
    name: 'Henna Runes',
    imageUrl: '/images/events/carnival-tent.svg',
    description:
      'Pairs take turns as artist and canvas in an hour of mehendi design. Patterns inspired by stars, moons and runes tend to win the judges over.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: null,
    poc1Name: 'Ishani Sen',
    poc1PhoneNo: '9876500056',
    venue: 'Library Lawn',
    startsAt: '2027-02-21T10:00:00+05:30',
    participations: [team(2, 2, 50, 'Pair')],
  },
  {
    name: 'Laughing Gas',
    imageUrl: '/images/events/stage-mask.svg',
    description:
      'Five minutes of stand-up comedy in front of a crowd that has had three days of festival and no sleep. Clean sets only; hecklers will be turned into toads.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Kabir Anand',
    poc1PhoneNo: '9876500058',
    venue: 'LT',
    startsAt: '2027-02-23T17:00:00+05:30',
    participations: [solo(50)],
  },
  {
    name: "Giant's Foosball",
    imageUrl: '/images/events/carnival-tent.svg',
    description:
      'Human foosball inside an inflatable pitch, each player strapped to a bar and sliding side to side. Chaos guaranteed, goals optional.',
    isRegistrationOpen: true,
    instituteFeeWaived: false,
    ruleBookPdfUrl: RULES,
    poc1Name: 'Yuvraj Gohil',
    poc1PhoneNo: '9876500055',
    venue: 'Sports Ground',
    startsAt: '2027-02-22T10:00:00+05:30',
    participations: [team(5, 6, 250)],
  },
];

/**
 * The campus venues the console's timetable starts with (organisers add, rename and remove them): those
 * the seeded events name (see each event's `venue`).
 */
export const venuesSeed: { name: string; mapUrl: string | null }[] = [
  { name: 'Sports Ground', mapUrl: null },
  { name: 'Lecture Theatre (LT)', mapUrl: null },
  { name: 'Lab 1', mapUrl: null },
  { name: 'Lab 2', mapUrl: null },
  { name: 'Open Air Theatre', mapUrl: null },
  { name: 'CEP', mapUrl: null },
  { name: 'Lab 3', mapUrl: null },
  { name: 'Library Lawn', mapUrl: null },
  { name: 'Canteen', mapUrl: null },
];

/** One sitting of a seeded event: names as in the seed above, times in India time ('2027-02-20T10:00'). */
export interface SeedSession {
  event: string;
  roundName: string | null;
  venue: string;
  startsAt: string;
  endsAt: string;
}

const sitting = (
  event: string,
  venue: string,
  startsAt: string,
  endsAt: string,
  roundName: string | null = null,
): SeedSession => ({ event, roundName, venue, startsAt, endsAt });

/**
 * A sample timetable for the development and demo database, so a newcomer sees the schedule, the event
 * cards' times and the profile's timetable at work (organisers replace it in the console). Events from
 * every kind of category across the four days, at the venue and hour each event's description gives; no
 * two sittings share a venue at once, and no two Arcane Tech sittings overlap (the first category's events
 * are the ones a participant is most likely to try together). Without sessions the schedule shows SPEC.md's
 * placeholder rows: the seed for the tests that need that starts from the content alone (see seed.ts).
 */
export const timetableSeed: SeedSession[] = [
  // Day 1, Saturday 20 February.
  sitting('Golem Wars', 'Sports Ground', '2027-02-20T10:00', '2027-02-20T11:30', 'Prelims'),
  sitting('Duel of Tongues', 'Lecture Theatre (LT)', '2027-02-20T11:00', '2027-02-20T13:00'),
  sitting('Circuit Alchemy', 'Lab 1', '2027-02-20T11:30', '2027-02-20T13:30'),
  sitting('Carrom Conjuring', 'Canteen', '2027-02-20T13:00', '2027-02-20T15:00'),
  sitting('Code Cauldron', 'Lab 2', '2027-02-20T14:00', '2027-02-20T17:00'),
  sitting('Battle of the Bards', 'Open Air Theatre', '2027-02-20T17:00', '2027-02-20T19:30'),
  sitting('Whirl of the Phoenix', 'CEP', '2027-02-20T18:00', '2027-02-20T20:00'),
  // Day 2, Sunday 21 February.
  sitting('Spellbound Hackathon', 'Lecture Theatre (LT)', '2027-02-21T09:00', '2027-02-21T10:00', 'Kick-off'),
  sitting('Golem Wars', 'Sports Ground', '2027-02-21T10:00', '2027-02-21T12:00', 'Finals'),
  sitting('Canvas Charms', 'Library Lawn', '2027-02-21T10:00', '2027-02-21T12:00'),
  sitting('Last Wizard Standing', 'Lab 3', '2027-02-21T11:00', '2027-02-21T14:00'),
  sitting('Owlery Open Quiz', 'Lecture Theatre (LT)', '2027-02-21T14:00', '2027-02-21T16:00', 'Prelims'),
  sitting('Moonlit Solo', 'CEP', '2027-02-21T15:00', '2027-02-21T17:00'),
  sitting('Drone Familiars', 'Sports Ground', '2027-02-21T16:00', '2027-02-21T18:00'),
  sitting('Masquerade', 'Lecture Theatre (LT)', '2027-02-21T19:00', '2027-02-21T21:00'),
  // Day 3, Monday 22 February.
  sitting('Tug of the Titans', 'Sports Ground', '2027-02-22T09:00', '2027-02-22T11:00'),
  sitting('Capture the Sigil', 'Lab 2', '2027-02-22T10:00', '2027-02-22T13:00'),
  sitting('Mime of Silence', 'Open Air Theatre', '2027-02-22T11:00', '2027-02-22T12:30'),
  sitting('Potion Cook-off', 'Canteen', '2027-02-22T12:00', '2027-02-22T14:00'),
  sitting('Face of the Full Moon', 'Library Lawn', '2027-02-22T14:30', '2027-02-22T16:30'),
  sitting('Street Sorcery', 'Open Air Theatre', '2027-02-22T16:00', '2027-02-22T18:00'),
  sitting('Garba Under the Stars', 'Sports Ground', '2027-02-22T20:00', '2027-02-22T23:00'),
  // Day 4, Tuesday 23 February.
  sitting('Kabaddi Clash', 'Sports Ground', '2027-02-23T09:00', '2027-02-23T12:00'),
  sitting('Web Weaving', 'Lab 2', '2027-02-23T10:00', '2027-02-23T12:00'),
  sitting('Spell It Right', 'Lecture Theatre (LT)', '2027-02-23T11:00', '2027-02-23T12:30'),
  sitting('Rune Cipher', 'Lecture Theatre (LT)', '2027-02-23T13:00', '2027-02-23T15:00'),
  sitting('Owlery Open Quiz', 'Lecture Theatre (LT)', '2027-02-23T15:30', '2027-02-23T17:00', 'Finals'),
  sitting('Runway of Enchantment', 'CEP', '2027-02-23T18:00', '2027-02-23T20:30'),
];

export const categoriesSeed: SeedCategory[] = [
  {
    slug: 'arcane-tech',
    name: 'Arcane Tech',
    imageUrl: '/images/categories/arcane-tech.svg',
    isVisible: true,
    events: arcaneTech,
  },
  {
    slug: 'enchanted-stage',
    name: 'Enchanted Stage',
    imageUrl: '/images/categories/enchanted-stage.svg',
    isVisible: true,
    events: enchantedStage,
  },
  {
    slug: 'duelling-arena',
    name: 'Duelling Arena',
    imageUrl: '/images/categories/duelling-arena.svg',
    isVisible: true,
    events: duellingArena,
  },
  {
    slug: 'broomfield-sports',
    name: 'Broomfield Sports',
    imageUrl: '/images/categories/broomfield-sports.svg',
    isVisible: true,
    events: broomfieldSports,
  },
  {
    slug: 'quill-and-scroll',
    name: 'Quill and Scroll',
    imageUrl: '/images/categories/quill-and-scroll.svg',
    isVisible: true,
    events: quillAndScroll,
  },
  {
    slug: 'mischief-carnival',
    name: 'Mischief Carnival',
    imageUrl: '/images/categories/mischief-carnival.svg',
    isVisible: true,
    events: mischiefCarnival,
  },
];

// ---------- team ----------

export const teamSeed: SeedTeamGroup[] = [
  {
    teamCategory: 'Conveners',
    members: [
      {
        name: 'Ishaan Vora',
        designation: 'Festival Convener',
        imageUrl: '/images/team/avatar-1.svg',
        instagramUrl: 'https://www.instagram.com/ishaan.vora.example',
        linkedInUrl: 'https://www.linkedin.com/in/ishaan-vora-example',
      },
      {
        name: 'Aditi Raghavan',
        designation: 'Co-Convener',
        imageUrl: '/images/team/avatar-2.svg',
        instagramUrl: 'https://www.instagram.com/aditi.raghavan.example',
        linkedInUrl: 'https://www.linkedin.com/in/aditi-raghavan-example',
      },
      {
        name: 'Pranav Mehta',
        designation: 'Treasurer',
        imageUrl: '/images/team/avatar-3.svg',
        linkedInUrl: 'https://www.linkedin.com/in/pranav-mehta-example',
      },
    ],
  },
  {
    teamCategory: 'Events and Operations',
    members: [
      {
        name: 'Sanya Kothari',
        designation: 'Head of Events',
        imageUrl: '/images/team/avatar-4.svg',
        instagramUrl: 'https://www.instagram.com/sanya.kothari.example',
      },
      {
        name: 'Rudra Chavda',
        designation: 'Operations Lead',
        imageUrl: '/images/team/avatar-5.svg',
        linkedInUrl: 'https://www.linkedin.com/in/rudra-chavda-example',
      },
      {
        name: 'Mitali Deshmukh',
        designation: 'Sports Coordinator',
        imageUrl: '/images/team/avatar-6.svg',
      },
      {
        name: 'Farhan Siddiqui',
        designation: 'Cultural Coordinator',
        imageUrl: '/images/team/avatar-1.svg',
        instagramUrl: 'https://www.instagram.com/farhan.siddiqui.example',
        linkedInUrl: 'https://www.linkedin.com/in/farhan-siddiqui-example',
      },
      {
        name: 'Bhavya Lakhani',
        designation: 'Logistics',
        imageUrl: '/images/team/avatar-2.svg',
      },
    ],
  },
  {
    teamCategory: 'Technical Team',
    members: [
      {
        name: 'Om Prajapati',
        designation: 'Web Lead',
        imageUrl: '/images/team/avatar-3.svg',
        linkedInUrl: 'https://www.linkedin.com/in/om-prajapati-example',
      },
      {
        name: 'Niharika Rao',
        designation: 'Backend Developer',
        imageUrl: '/images/team/avatar-4.svg',
        instagramUrl: 'https://www.instagram.com/niharika.rao.example',
        linkedInUrl: 'https://www.linkedin.com/in/niharika-rao-example',
      },
      {
        name: 'Kshitij Pandey',
        designation: 'Frontend Developer',
        imageUrl: '/images/team/avatar-5.svg',
        linkedInUrl: 'https://www.linkedin.com/in/kshitij-pandey-example',
      },
      {
        name: 'Avni Shukla',
        designation: 'Sound and Light',
        imageUrl: '/images/team/avatar-6.svg',
      },
    ],
  },
  {
    teamCategory: 'Design and Media',
    members: [
      {
        name: 'Raghav Bhandari',
        designation: 'Design Lead',
        imageUrl: '/images/team/avatar-1.svg',
        instagramUrl: 'https://www.instagram.com/raghav.draws.example',
      },
      {
        name: 'Esha Nambiar',
        designation: 'Illustrator',
        imageUrl: '/images/team/avatar-2.svg',
        instagramUrl: 'https://www.instagram.com/esha.inks.example',
      },
      {
        name: 'Tejas Bhalerao',
        designation: 'Photography',
        imageUrl: '/images/team/avatar-3.svg',
        instagramUrl: 'https://www.instagram.com/tejas.frames.example',
        linkedInUrl: 'https://www.linkedin.com/in/tejas-bhalerao-example',
      },
      {
        name: 'Simran Gill',
        designation: 'Marketing and Outreach',
        imageUrl: '/images/team/avatar-4.svg',
        linkedInUrl: 'https://www.linkedin.com/in/simran-gill-example',
      },
    ],
  },
  {
    teamCategory: 'Hospitality',
    members: [
      {
        name: 'Darshan Makwana',
        designation: 'Hospitality Lead',
        imageUrl: '/images/team/avatar-5.svg',
        instagramUrl: 'https://www.instagram.com/darshan.makwana.example',
      },
      {
        name: 'Krisha Upadhyay',
        designation: 'Accommodation Desk',
        imageUrl: '/images/team/avatar-6.svg',
      },
      {
        name: 'Abhay Tiwari',
        designation: 'Guest Relations',
        imageUrl: '/images/team/avatar-1.svg',
        linkedInUrl: 'https://www.linkedin.com/in/abhay-tiwari-example',
      },
    ],
  },
];

// ---------- sponsors ----------

export const sponsorsSeed: SeedSponsorGroup[] = [
  {
    sponsorCategory: 'Title Sponsor',
    sponsors: [
      {
        name: 'Starvane Labs',
        imageUrl: '/images/sponsors/starvane-labs.svg',
        websiteUrl: 'https://starvane-labs.example',
        isVisible: true,
      },
    ],
  },
  {
    sponsorCategory: 'Associate Sponsors',
    sponsors: [
      {
        name: 'Kestrel Ink Co.',
        imageUrl: '/images/sponsors/kestrel-ink.svg',
        websiteUrl: 'https://kestrel-ink.example',
        isVisible: true,
      },
      {
        name: 'Meridian Looms',
        imageUrl: '/images/sponsors/meridian-looms.svg',
        websiteUrl: 'https://meridian-looms.example',
        isVisible: true,
      },
      {
        name: 'Nimbus Ledger',
        imageUrl: '/images/sponsors/nimbus-ledger.svg',
        websiteUrl: 'https://nimbus-ledger.example',
        isVisible: false,
      },
    ],
  },
  {
    sponsorCategory: 'Food Partners',
    sponsors: [
      {
        name: 'Chai Cauldron',
        imageUrl: '/images/sponsors/chai-cauldron.svg',
        websiteUrl: 'https://chai-cauldron.example',
        isVisible: true,
      },
      {
        name: 'Masala Moon Kitchens',
        imageUrl: '/images/sponsors/masala-moon.svg',
        websiteUrl: 'https://masala-moon.example',
        isVisible: true,
      },
    ],
  },
  {
    sponsorCategory: 'Media Partners',
    sponsors: [
      {
        name: 'Echo Owl Radio',
        imageUrl: '/images/sponsors/echo-owl-radio.svg',
        websiteUrl: 'https://echo-owl-radio.example',
        isVisible: true,
      },
      {
        name: 'Parchment Post',
        imageUrl: '/images/sponsors/parchment-post.svg',
        websiteUrl: 'https://parchment-post.example',
        isVisible: false,
      },
    ],
  },
];

// ---------- pronite ----------

export const artistsSeed: SeedArtist[] = [
  {
    name: 'Nocturne Vale',
    tagline: 'Electronic sets that glow like a midnight storm',
    night: '2027-02-20',
    imageUrl: '/images/pronite/artist-1.svg',
  },
  {
    name: 'The Brass Ravens',
    tagline: 'Folk-rock fusion with horns, dhol and thunder',
    night: '2027-02-21',
    imageUrl: '/images/pronite/artist-2.svg',
  },
  {
    name: 'Anaya Starling',
    tagline: 'Playback classics and soul under the moon',
    night: '2027-02-22',
    imageUrl: '/images/pronite/artist-3.svg',
  },
];

// ---------- merchandise ----------

export const merchandiseSeed: SeedProduct[] = [
  {
    name: 'Aetherfest Oversized Tee',
    description:
      'A heavyweight cotton oversized tee in midnight blue, with the gold Aetherfest crest on the chest and ' +
      'the castle skyline across the back. Dropped shoulders, a roomy cut and a print that survives many washes ' +
      'and at least one pronite.',
    pricePaise: 39900,
    oldPricePaise: 45000,
    image1Url: '/images/merch/tee-front.svg',
    image2Url: '/images/merch/tee-back.svg',
    variants: [
      { type: 'XS', stock: 40, isEnabled: true },
      { type: 'S', stock: 80, isEnabled: true },
      { type: 'M', stock: 120, isEnabled: true },
      { type: 'L', stock: 110, isEnabled: true },
      { type: 'XL', stock: 70, isEnabled: true },
      { type: 'XXL', stock: 0, isEnabled: true },
    ],
  },
];

// ---------- accommodation ----------

export const accommodationSeed: SeedAccommodationType[] = [
  {
    accommodationType: 'Dormitory (shared)',
    pricePerNight: 300,
    description:
      'A bunk in a shared hostel dormitory with lockers, common washrooms and a ten-minute walk to the main stage.',
    options: [
      { startDate: '2027-02-20', days: 2, capacity: 60, booked: 0 },
      { startDate: '2027-02-20', days: 4, capacity: 120, booked: 0 },
      { startDate: '2027-02-21', days: 2, capacity: 60, booked: 0 },
      { startDate: '2027-02-22', days: 2, capacity: 60, booked: 0 },
      { startDate: '2027-02-23', days: 1, capacity: 40, booked: 0 },
    ],
  },
  {
    accommodationType: 'Twin room',
    pricePerNight: 900,
    description: 'A guest-house room shared by two, with attached bath, fresh linen and morning tea.',
    options: [
      { startDate: '2027-02-20', days: 4, capacity: 30, booked: 0 },
      { startDate: '2027-02-21', days: 3, capacity: 20, booked: 0 },
      { startDate: '2027-02-22', days: 1, capacity: 10, booked: 0 },
      { startDate: '2027-02-22', days: 2, capacity: 20, booked: 20 },
    ],
  },
  {
    accommodationType: 'Tent under the stars',
    pricePerNight: null,
    description:
      'A two-person tent on the camping lawn beside the bonfire circle, with sleeping mats and lanterns. Pricing is still being finalised.',
    options: [
      { startDate: '2027-02-20', days: 3, capacity: 40, booked: 0 },
      { startDate: '2027-02-21', days: 2, capacity: 25, booked: 0 },
    ],
  },
];
