/** The hand-written demo catalog of "Lumen & Oak"; images in `assets/img/goods/<slug>/`. */

export interface DemoSection {
  tx: string;
  par: string;
  zag: string;
  txt: string;
  rlv: number;
  tp: string;
  shw?: 0 | 1;
  /** Meta for md `dir`; sections without it exercise the loader's fallback. */
  meta?: { ttl: string; dsc: string; kwd: string };
}

/**
 * [articul, label, #rrggbb, price, old price (0 = none)]; the label (`stxt`) is the colour's name,
 * then what else the variant differs in: the storefront names variants from it.
 */
export type DemoModification = [string, string, string, number, number];

export interface DemoProduct {
  slug: string;
  section: string;
  zag: string;
  vendor: string;
  stxt: string;
  /** First paragraph of the description. */
  intro: string;
  features: string[];
  mods: DemoModification[];
  /** Days after 2025-01-06 the product was added. */
  day: number;
  /** Number of photos (each with small and big variants). */
  photos: number;
  shw?: 0 | 1;
}

export const DEMO_SECTIONS: DemoSection[] = [
  {
    tx: 'catalog',
    par: '',
    zag: 'Catalog',
    txt: '<p>Phones, laptops, audio and wearables we have tested ourselves, with a two-year warranty on everything.</p>',
    rlv: 100,
    tp: 'catalog',
    meta: {
      ttl: 'Catalog — Lumen & Oak Electronics',
      dsc: 'Browse phones, laptops, headphones, speakers and wearables, all with a two-year warranty.',
      kwd: 'electronics, phones, laptops, headphones, speakers, smartwatches',
    },
  },
  {
    tx: 'phones',
    par: 'catalog',
    zag: 'Phones',
    txt: '<p>Unlocked smartphones from compact to pro, each with at least four years of security updates.</p>',
    rlv: 90,
    tp: 'catalog',
    meta: {
      ttl: 'Unlocked smartphones — Lumen & Oak',
      dsc: 'Compact and flagship phones with long software support, free delivery and easy returns.',
      kwd: 'smartphones, unlocked phones, 5G phones',
    },
  },
  {
    tx: 'laptops',
    par: 'catalog',
    zag: 'Laptops',
    txt: '<p>Light ultrabooks for travel, gaming laptops for play and workstations for heavy lifting.</p>',
    rlv: 80,
    tp: 'catalog',
    meta: {
      ttl: 'Laptops: ultrabooks, gaming and workstations — Lumen & Oak',
      dsc: 'Find a laptop for travel, study, gaming or creative work. Compare specs side by side.',
      kwd: 'laptops, ultrabooks, gaming laptops, workstations',
    },
  },
  {
    tx: 'audio',
    par: 'catalog',
    zag: 'Audio',
    txt: '<p>Headphones and speakers tuned for long listening sessions.</p>',
    rlv: 70,
    tp: 'catalog',
    meta: {
      ttl: 'Headphones and speakers — Lumen & Oak',
      dsc: 'Noise-cancelling headphones, earbuds and portable speakers with honest sound.',
      kwd: 'headphones, earbuds, bluetooth speakers, soundbars',
    },
  },
  {
    tx: 'wearables',
    par: 'catalog',
    zag: 'Wearables',
    txt: '<p>Watches, bands and rings that track activity and sleep without nagging you.</p>',
    rlv: 60,
    tp: 'catalog',
    meta: {
      ttl: 'Smartwatches and fitness trackers — Lumen & Oak',
      dsc: 'Smartwatches, fitness bands and smart rings with multi-day battery life.',
      kwd: 'smartwatch, fitness tracker, smart ring',
    },
  },
  {
    tx: 'phone-accessories',
    par: 'phones',
    zag: 'Phone accessories',
    txt: '<p>Chargers, cases and cables that we would put on our own phones.</p>',
    rlv: 50,
    tp: 'catalog',
    meta: {
      ttl: 'Phone chargers, cases and cables — Lumen & Oak',
      dsc: 'Wireless chargers, rugged cases and braided USB-C cables.',
      kwd: 'phone case, wireless charger, usb-c cable',
    },
  },
  {
    tx: 'ultrabooks',
    par: 'laptops',
    zag: 'Ultrabooks',
    txt: '<p>Thin, quiet and all-day battery: laptops under 1.4 kg.</p>',
    rlv: 50,
    tp: 'catalog',
    meta: {
      ttl: 'Ultrabooks under 1.4 kg — Lumen & Oak',
      dsc: 'Light laptops with all-day battery life, bright screens and fanless designs.',
      kwd: 'ultrabook, thin laptop, lightweight laptop',
    },
  },
  {
    tx: 'gaming-laptops',
    par: 'laptops',
    zag: 'Gaming laptops',
    txt: '<p>High refresh rate screens and graphics cards that keep up with new releases.</p>',
    rlv: 40,
    tp: 'catalog',
  },
  {
    tx: 'headphones',
    par: 'audio',
    zag: 'Headphones',
    txt: '<p>Over-ear, on-ear and in-ear, wired and wireless.</p>',
    rlv: 50,
    tp: 'catalog',
    meta: {
      ttl: 'Headphones and earbuds — Lumen & Oak',
      dsc: 'Noise-cancelling over-ear headphones, sports earbuds and studio monitors.',
      kwd: 'headphones, earbuds, noise cancelling',
    },
  },
  {
    tx: 'speakers',
    par: 'audio',
    zag: 'Speakers',
    txt: '<p>Portable speakers, bookshelf pairs and soundbars.</p>',
    rlv: 40,
    tp: 'catalog',
    meta: {
      ttl: 'Bluetooth speakers and soundbars — Lumen & Oak',
      dsc: 'Portable and home speakers for every room, from pocket-sized to party-sized.',
      kwd: 'bluetooth speaker, soundbar, bookshelf speakers',
    },
  },
  {
    tx: 'archive',
    par: 'catalog',
    zag: 'Archive',
    txt: '<p>Discontinued products, kept for warranty and support look-ups.</p>',
    rlv: 0,
    tp: 'catalog',
    shw: 0,
  },
  {
    tx: 'blog',
    par: '',
    zag: 'Blog',
    txt: '<p>Buying guides, how-tos and care tips from the people behind the counter.</p>',
    rlv: 30,
    tp: 'blog',
    meta: {
      ttl: 'Blog: buying guides and tips — Lumen & Oak',
      dsc: 'Practical buying guides and care tips for phones, laptops and audio gear.',
      kwd: 'buying guide, tech tips, how to choose',
    },
  },
  {
    tx: 'news',
    par: '',
    zag: 'News',
    txt: '<p>New arrivals, offers and store updates.</p>',
    rlv: 20,
    tp: 'news',
    meta: {
      ttl: 'News and offers — Lumen & Oak',
      dsc: 'New arrivals, seasonal offers, delivery updates and opening hours.',
      kwd: 'store news, offers, new arrivals',
    },
  },
  {
    tx: 'about',
    par: '',
    zag: 'About us',
    txt: '<p>Lumen &amp; Oak is an independent electronics shop founded in 2014. We test everything we sell and answer the phone ourselves.</p><p>Visit us at 12 Harbour Street, Monday to Saturday, 9:00 to 19:00.</p>',
    rlv: 10,
    tp: 'page',
  },
];

const BLACK = '#1c1c1e';
const WHITE = '#f5f5f7';
const SILVER = '#c0c4c8';
const GRAPHITE = '#4a4d52';
const BLUE = '#2f5d9e';
const GREEN = '#3f7d58';
const RED = '#c0392b';
const SAND = '#d8c3a5';

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'aurora-x1',
    section: 'phones',
    zag: 'Aurora X1',
    vendor: 'Aurora Mobile',
    stxt: 'A 6.4-inch flagship with a calm, glare-free display and a two-day battery.',
    intro:
      'The Aurora X1 is the phone we recommend most often. Its matte 120 Hz screen stays readable in direct sunlight, and the 5,000 mAh battery gets most people through two working days.',
    features: [
      '6.4-inch 120 Hz OLED, 1,800 nits peak',
      '50 MP main camera with optical stabilisation',
      'Five years of Android updates',
    ],
    mods: [
      ['AUR-X1-128-BLK', 'Midnight, 128 GB', BLACK, 699, 749],
      ['AUR-X1-256-BLK', 'Midnight, 256 GB', BLACK, 799, 849],
      ['AUR-X1-128-BLU', 'Harbour blue, 128 GB', BLUE, 699, 0],
    ],
    day: 12,
    photos: 2,
  },
  {
    slug: 'aurora-x1-mini',
    section: 'phones',
    zag: 'Aurora X1 Mini',
    vendor: 'Aurora Mobile',
    stxt: 'Everything good about the X1 in a phone you can use with one hand.',
    intro:
      'At 5.9 inches the Mini fits a jeans pocket and a small hand. You keep the main camera and the matte display; the battery is smaller but still lasts a full day.',
    features: ['5.9-inch 120 Hz OLED', 'Same 50 MP main camera as the X1', 'IP68 water and dust resistance'],
    mods: [
      ['AUR-X1M-128-WHT', 'Frost', WHITE, 599, 649],
      ['AUR-X1M-128-GRN', 'Fern', GREEN, 599, 649],
    ],
    day: 20,
    photos: 1,
  },
  {
    slug: 'nimbus-8-pro',
    section: 'phones',
    zag: 'Nimbus 8 Pro',
    vendor: 'Nimbus',
    stxt: 'Pro cameras with a 5x periscope zoom and a bright 6.7-inch screen.',
    intro:
      'The Nimbus 8 Pro is built around its cameras. The periscope lens reaches 5x without losing detail, and night mode produces clean shots of city streets without a tripod.',
    features: [
      '6.7-inch LTPO display',
      'Triple camera with 5x periscope zoom',
      '65 W wired and 30 W wireless charging',
    ],
    mods: [
      ['NIM-8P-256-GRA', 'Graphite, 256 GB', GRAPHITE, 999, 1099],
      ['NIM-8P-512-GRA', 'Graphite, 512 GB', GRAPHITE, 1149, 1249],
      ['NIM-8P-256-SIL', 'Silver, 256 GB', SILVER, 999, 0],
    ],
    day: 31,
    photos: 2,
  },
  {
    slug: 'pixelline-s',
    section: 'phones',
    zag: 'Pixelline S',
    vendor: 'Pixelline',
    stxt: 'An affordable phone with a clean interface and a surprisingly good camera.',
    intro:
      'Pixelline keeps the software simple: no duplicate apps, no ads in the settings. The S is our pick for parents, students and anyone who wants a phone that simply works.',
    features: ['6.1-inch 90 Hz display', '48 MP camera with night mode', 'Headphone jack and microSD slot'],
    mods: [
      ['PXL-S-64-BLK', 'Charcoal', BLACK, 299, 349],
      ['PXL-S-128-SND', 'Sand', SAND, 339, 0],
    ],
    day: 44,
    photos: 1,
  },
  {
    slug: 'fjord-one',
    section: 'phones',
    zag: 'Fjord One',
    vendor: 'Fjord',
    stxt: 'A repairable phone with a replaceable battery and screws instead of glue.',
    intro:
      'The Fjord One opens with a standard screwdriver. Battery, screen, ports and cameras are sold as spare parts, so a cracked screen is a ten-minute job instead of a new phone.',
    features: [
      'User-replaceable battery',
      'Spare parts available for seven years',
      'Recycled aluminium frame',
    ],
    mods: [['FJD-ONE-256-GRN', 'Moss', GREEN, 549, 0]],
    day: 58,
    photos: 1,
  },
  {
    slug: 'halo-wireless-charger',
    section: 'phone-accessories',
    zag: 'Halo Wireless Charger',
    vendor: 'Lumen & Oak',
    stxt: 'A 15 W magnetic charging pad with a braided cable.',
    intro:
      'Halo snaps onto magnetic phones and cases and stays put while you use the phone. The aluminium base keeps it cool, so charging does not slow down on warm days.',
    features: ['15 W Qi2 magnetic charging', '1.5 m braided USB-C cable', 'Works through cases up to 3 mm'],
    mods: [
      ['LO-HALO-WHT', 'White', WHITE, 39, 49],
      ['LO-HALO-BLK', 'Black', BLACK, 39, 49],
    ],
    day: 15,
    photos: 1,
  },
  {
    slug: 'tough-shell-case',
    section: 'phone-accessories',
    zag: 'Tough Shell Case',
    vendor: 'Lumen & Oak',
    stxt: 'A slim case that survives a 3-metre drop.',
    intro:
      'Tough Shell adds only 2 mm but protects against drops onto concrete. The raised edge keeps the screen and camera off the table.',
    features: ['3 m drop tested', 'Raised camera and screen lip', 'Made from 60% recycled plastic'],
    mods: [
      ['LO-TSC-X1-BLK', 'Black, for Aurora X1', BLACK, 29, 0],
      ['LO-TSC-X1-RED', 'Red, for Aurora X1', RED, 29, 0],
      ['LO-TSC-N8-BLK', 'Black, for Nimbus 8 Pro', BLACK, 29, 0],
    ],
    day: 16,
    photos: 1,
  },
  {
    slug: 'braided-usb-c-cable',
    section: 'phone-accessories',
    zag: 'Braided USB-C Cable, 2 m',
    vendor: 'Lumen & Oak',
    stxt: 'A long, tangle-free 100 W cable for phones and laptops.',
    intro:
      'Long enough to reach the sofa, strong enough to charge a laptop, and braided so it does not kink.',
    features: ['100 W power delivery', 'USB 3.2 data at 10 Gbit/s', '30,000 bend test'],
    mods: [
      ['LO-USBC-2M-GRA', 'Graphite', GRAPHITE, 19, 24],
      ['LO-USBC-2M-SND', 'Sand', SAND, 19, 24],
    ],
    day: 3,
    photos: 1,
  },
  {
    slug: 'lumen-air-13',
    section: 'ultrabooks',
    zag: 'Lumen Air 13',
    vendor: 'Lumen',
    stxt: 'A fanless 1.1 kg laptop with an 18-hour battery.',
    intro:
      'The Air 13 is silent because it has no fan. It is light enough to forget in a bag, and the battery outlasts a long-haul flight.',
    features: [
      '13.6-inch 2560 x 1664 display',
      '16 GB memory, 512 GB SSD',
      'Up to 18 hours of video playback',
    ],
    mods: [
      ['LUM-A13-16-512-SIL', 'Silver, 16 GB / 512 GB', SILVER, 1099, 1199],
      ['LUM-A13-24-1T-GRA', 'Graphite, 24 GB / 1 TB', GRAPHITE, 1399, 1499],
    ],
    day: 25,
    photos: 2,
  },
  {
    slug: 'lumen-air-15',
    section: 'ultrabooks',
    zag: 'Lumen Air 15',
    vendor: 'Lumen',
    stxt: 'The big-screen Air: 15.3 inches, still only 1.5 kg.',
    intro:
      'More screen for spreadsheets and side-by-side windows, six speakers instead of four, and the same quiet fanless design as the Air 13.',
    features: [
      '15.3-inch display, 500 nits',
      'Six-speaker sound system',
      'Two Thunderbolt ports and MagSafe',
    ],
    mods: [
      ['LUM-A15-16-512-SIL', 'Silver', SILVER, 1299, 0],
      ['LUM-A15-16-512-BLU', 'Midnight blue', BLUE, 1299, 0],
    ],
    day: 140,
    photos: 2,
  },
  {
    slug: 'corvid-slim-14',
    section: 'ultrabooks',
    zag: 'Corvid Slim 14',
    vendor: 'Corvid',
    stxt: 'A Windows ultrabook with a 2.8K OLED screen and a great keyboard.',
    intro:
      'Corvid took the keyboard seriously: 1.5 mm of travel, quiet keys and a large glass touchpad. The OLED screen makes photos and films look excellent.',
    features: [
      '14-inch 2.8K OLED, 120 Hz',
      'Backlit keyboard with 1.5 mm travel',
      'Wi-Fi 7 and two USB4 ports',
    ],
    mods: [['COR-S14-32-1T-BLK', 'Obsidian', BLACK, 1249, 1399]],
    day: 70,
    photos: 1,
  },
  {
    slug: 'meridian-book-pro-14',
    section: 'ultrabooks',
    zag: 'Meridian Book Pro 14',
    vendor: 'Meridian',
    stxt: 'A business laptop with a privacy screen and three years of on-site service.',
    intro:
      'The Book Pro is made for people who work on trains: a built-in privacy filter, a fingerprint reader in the power button and a spill-resistant keyboard.',
    features: [
      'Built-in privacy screen',
      'Spill-resistant keyboard',
      'Three years of on-site service included',
    ],
    mods: [
      ['MER-BP14-16-512', 'Storm grey, 16 GB / 512 GB', GRAPHITE, 1349, 0],
      ['MER-BP14-32-1T', 'Storm grey, 32 GB / 1 TB', GRAPHITE, 1649, 1749],
    ],
    day: 82,
    photos: 1,
  },
  {
    slug: 'raptor-g16',
    section: 'gaming-laptops',
    zag: 'Raptor G16',
    vendor: 'Raptor',
    stxt: 'A 16-inch 240 Hz gaming laptop that stays quiet in office mode.',
    intro:
      'The G16 runs new games at high settings and switches to a near-silent mode for homework and email. The keyboard has per-key lighting you can switch off completely.',
    features: [
      '16-inch 2560 x 1600, 240 Hz',
      'RTX-class graphics with 8 GB memory',
      'Vapour-chamber cooling',
    ],
    mods: [
      ['RAP-G16-16-1T', 'Eclipse black, 16 GB / 1 TB', BLACK, 1799, 1999],
      ['RAP-G16-32-2T', 'Eclipse black, 32 GB / 2 TB', BLACK, 2199, 0],
    ],
    day: 96,
    photos: 2,
  },
  {
    slug: 'raptor-g18',
    section: 'gaming-laptops',
    zag: 'Raptor G18',
    vendor: 'Raptor',
    stxt: 'A desktop replacement with an 18-inch screen and room for four SSDs.',
    intro:
      'The G18 is heavy, and that is the point: a large screen, a full-size keyboard with a number pad and cooling that lets the graphics card run flat out.',
    features: ['18-inch 2560 x 1600, 240 Hz', 'Four M.2 SSD slots', 'Full-size keyboard with number pad'],
    mods: [['RAP-G18-32-2T', 'Eclipse black', BLACK, 2799, 2999]],
    day: 101,
    photos: 1,
  },
  {
    slug: 'vanta-blade-15',
    section: 'gaming-laptops',
    zag: 'Vanta Blade 15',
    vendor: 'Vanta',
    stxt: 'A thin gaming laptop in an aluminium body that looks at home in a meeting.',
    intro:
      'No flashing lights, no angular vents: the Blade 15 looks like a work laptop but runs games at 165 Hz on its QHD screen.',
    features: ['15.6-inch QHD, 165 Hz', 'CNC-milled aluminium body, 17 mm thin', '80 Wh battery'],
    mods: [
      ['VAN-B15-16-1T-BLK', 'Black', BLACK, 2099, 2299],
      ['VAN-B15-16-1T-WHT', 'Mercury white', WHITE, 2149, 0],
    ],
    day: 110,
    photos: 1,
  },
  {
    slug: 'meridian-workstation-w17',
    section: 'laptops',
    zag: 'Meridian Workstation W17',
    vendor: 'Meridian',
    stxt: 'A 17-inch mobile workstation with ECC memory and a colour-calibrated screen.',
    intro:
      'For video editors, engineers and photographers who need desktop power on location. Each screen is calibrated at the factory and ships with its report.',
    features: [
      '17.3-inch 4K display, factory calibrated',
      'Up to 128 GB ECC memory',
      'Professional graphics with certified drivers',
    ],
    mods: [['MER-W17-64-2T', 'Storm grey', GRAPHITE, 3499, 0]],
    day: 120,
    photos: 1,
  },
  {
    slug: 'quiet-one-anc',
    section: 'headphones',
    zag: 'Quiet One ANC',
    vendor: 'Quiet Labs',
    stxt: 'Over-ear noise-cancelling headphones with 40 hours of battery.',
    intro:
      'Quiet One blocks the drone of planes and trains without the pressure feeling some people get from noise cancelling. The memory-foam cushions stay comfortable for hours.',
    features: ['Adaptive noise cancelling', '40 hours with ANC on', 'Multipoint Bluetooth for two devices'],
    mods: [
      ['QL-Q1-BLK', 'Black', BLACK, 329, 379],
      ['QL-Q1-SND', 'Sand', SAND, 329, 379],
      ['QL-Q1-BLU', 'Navy', BLUE, 329, 0],
    ],
    day: 8,
    photos: 2,
  },
  {
    slug: 'quiet-one-buds',
    section: 'headphones',
    zag: 'Quiet One Buds',
    vendor: 'Quiet Labs',
    stxt: 'Small noise-cancelling earbuds with a wireless charging case.',
    intro: 'The same noise cancelling as the over-ear Quiet One, in earbuds that weigh 5 grams each.',
    features: [
      'Noise cancelling with transparency mode',
      '8 hours per charge, 30 with the case',
      'IPX4 sweat resistance',
    ],
    mods: [
      ['QL-Q1B-BLK', 'Black', BLACK, 199, 229],
      ['QL-Q1B-WHT', 'White', WHITE, 199, 229],
    ],
    day: 9,
    photos: 1,
  },
  {
    slug: 'studio-monitor-70',
    section: 'headphones',
    zag: 'Studio Monitor 70',
    vendor: 'Lyra',
    stxt: 'Wired closed-back studio headphones with a flat, honest sound.',
    intro:
      'Studio Monitor 70 does not flatter a recording, which is exactly what you want when mixing. Detachable cables and replaceable pads keep them going for years.',
    features: ['Closed-back, 38 ohm', 'Detachable coiled and straight cables', 'Replaceable ear pads'],
    mods: [['LYR-SM70', 'Black', BLACK, 149, 0]],
    day: 33,
    photos: 1,
  },
  {
    slug: 'trail-buds',
    section: 'headphones',
    zag: 'Trail Buds',
    vendor: 'Quiet Labs',
    stxt: 'Secure-fit sports earbuds that stay in on a muddy trail run.',
    intro:
      'Wing tips hold Trail Buds in place, and the IP67 rating means a rinse under the tap after a run is fine.',
    features: [
      'Secure-fit wing tips in three sizes',
      'IP67 dust and water resistance',
      'Ambient mode for road running',
    ],
    mods: [
      ['QL-TB-GRN', 'Fern', GREEN, 129, 149],
      ['QL-TB-RED', 'Ember', RED, 129, 149],
    ],
    day: 48,
    photos: 1,
  },
  {
    slug: 'lyra-open',
    section: 'headphones',
    zag: 'Lyra Open',
    vendor: 'Lyra',
    stxt: 'Open-back headphones for home listening with a wide, natural stage.',
    intro:
      'Open-back headphones let sound out as well as in, so they are for quiet rooms. In return you get an airy, speaker-like sound that is easy to enjoy for hours.',
    features: ['Open-back, 150 ohm', 'Velour ear pads', 'Hand-assembled in Denmark'],
    mods: [['LYR-OPEN', 'Walnut', SAND, 399, 449]],
    day: 60,
    photos: 1,
  },
  {
    slug: 'kids-safe-headphones',
    section: 'headphones',
    zag: 'Kids Safe Headphones',
    vendor: 'Quiet Labs',
    stxt: 'Volume-limited headphones for children, with a share port for a friend.',
    intro:
      'Volume is capped at 85 dB to protect young ears. The headband bends without breaking, and a second pair can plug into the share port for car journeys.',
    features: ['Volume limited to 85 dB', 'Bendable headband', 'Share port for a second pair'],
    mods: [
      ['QL-KIDS-BLU', 'Sky', BLUE, 39, 0],
      ['QL-KIDS-RED', 'Cherry', RED, 39, 0],
    ],
    day: 150,
    photos: 1,
  },
  {
    slug: 'harbor-mini',
    section: 'speakers',
    zag: 'Harbor Mini',
    vendor: 'Harbor Audio',
    stxt: 'A waterproof pocket speaker that floats.',
    intro:
      'Harbor Mini is about the size of a coffee cup, survives a drop in the pool (and floats back up), and plays for 12 hours.',
    features: ['IP67, floats', '12 hours of playback', 'Pair two for stereo'],
    mods: [
      ['HA-MINI-BLU', 'Lagoon', BLUE, 59, 79],
      ['HA-MINI-RED', 'Coral', RED, 59, 79],
      ['HA-MINI-BLK', 'Black', BLACK, 59, 79],
    ],
    day: 5,
    photos: 1,
  },
  {
    slug: 'harbor-max',
    section: 'speakers',
    zag: 'Harbor Max',
    vendor: 'Harbor Audio',
    stxt: 'A party speaker with deep bass and a 24-hour battery.',
    intro:
      'Harbor Max fills a garden with sound. The handle and the power-bank port make it the one to take camping.',
    features: ['24 hours of playback', 'USB-C power bank output', 'Party mode links up to 100 speakers'],
    mods: [['HA-MAX-BLK', 'Black', BLACK, 249, 299]],
    day: 40,
    photos: 2,
  },
  {
    slug: 'bookshelf-duo',
    section: 'speakers',
    zag: 'Bookshelf Duo',
    vendor: 'Lyra',
    stxt: 'Powered bookshelf speakers with Bluetooth, optical and a phono input.',
    intro:
      'Plug in a turntable, a TV and a phone: Bookshelf Duo has the inputs for all three and the sound to do them justice. No separate amplifier needed.',
    features: ['2 x 50 W, powered', 'Phono, optical, USB-C and Bluetooth inputs', 'Real wood veneer'],
    mods: [
      ['LYR-DUO-WAL', 'Walnut', SAND, 449, 499],
      ['LYR-DUO-WHT', 'White', WHITE, 449, 0],
    ],
    day: 77,
    photos: 1,
  },
  {
    slug: 'campfire-rugged',
    section: 'speakers',
    zag: 'Campfire Rugged',
    vendor: 'Harbor Audio',
    stxt: 'A shock-proof outdoor speaker with a built-in lantern.',
    intro: 'Campfire hangs from a tent loop, lights up the pitch and plays through the night.',
    features: ['Built-in dimmable lantern', 'Drop-proof from 1.5 m', '20 hours of playback'],
    mods: [['HA-CAMP-GRN', 'Forest', GREEN, 119, 0]],
    day: 88,
    photos: 1,
  },
  {
    slug: 'soundbar-arc-2',
    section: 'speakers',
    zag: 'Soundbar Arc 2',
    vendor: 'Harbor Audio',
    stxt: 'A compact soundbar that makes film dialogue clear again.',
    intro:
      'Arc 2 has a dedicated centre channel for voices, so you can stop turning the volume up and down during films. One HDMI cable and you are done.',
    features: ['Dedicated centre channel for dialogue', 'HDMI eARC, one-cable setup', 'Night mode'],
    mods: [['HA-ARC2-BLK', 'Black', BLACK, 379, 429]],
    day: 130,
    photos: 1,
  },
  {
    slug: 'pulse-watch-3',
    section: 'wearables',
    zag: 'Pulse Watch 3',
    vendor: 'Pulse',
    stxt: 'A smartwatch with a week of battery and accurate GPS.',
    intro:
      'Pulse Watch 3 tracks runs, rides and swims with dual-band GPS and lasts a week between charges. Notifications are there when you want them and quiet when you do not.',
    features: ['Dual-band GPS', 'Seven-day battery', 'Water resistant to 50 m'],
    mods: [
      ['PUL-W3-41-BLK', 'Black, 41 mm', BLACK, 299, 349],
      ['PUL-W3-45-BLK', 'Black, 45 mm', BLACK, 329, 379],
      ['PUL-W3-41-SIL', 'Silver, 41 mm', SILVER, 299, 0],
    ],
    day: 52,
    photos: 2,
  },
  {
    slug: 'pulse-watch-3-sport',
    section: 'wearables',
    zag: 'Pulse Watch 3 Sport',
    vendor: 'Pulse',
    stxt: 'The Watch 3 with a lighter case, a nylon strap and offline maps.',
    intro:
      'The Sport edition adds offline topographic maps and a fabric strap that dries quickly after a swim.',
    features: ['Offline topographic maps', 'Lightweight fibre-reinforced case', 'Quick-dry nylon strap'],
    mods: [
      ['PUL-W3S-GRN', 'Fern', GREEN, 349, 0],
      ['PUL-W3S-RED', 'Ember', RED, 349, 0],
    ],
    day: 53,
    photos: 1,
  },
  {
    slug: 'stride-band',
    section: 'wearables',
    zag: 'Stride Band',
    vendor: 'Pulse',
    stxt: 'A slim fitness band for steps, heart rate and sleep.',
    intro:
      'Stride Band is for people who want the numbers without a watch on their wrist: light, slim, two weeks of battery.',
    features: ['Heart rate and SpO2', 'Sleep stages', 'Fourteen-day battery'],
    mods: [
      ['PUL-SB-BLK', 'Black', BLACK, 79, 99],
      ['PUL-SB-SND', 'Sand', SAND, 79, 99],
    ],
    day: 64,
    photos: 1,
  },
  {
    slug: 'orbit-ring',
    section: 'wearables',
    zag: 'Orbit Ring',
    vendor: 'Orbit',
    stxt: 'A titanium smart ring that tracks sleep and recovery.',
    intro:
      'Orbit Ring measures heart rate variability and skin temperature overnight and turns them into a simple readiness score in the morning. No subscription.',
    features: ['Titanium, 4 g', 'Sleep and recovery tracking', 'No subscription needed'],
    mods: [
      ['ORB-R-8-SIL', 'Silver, size 8', SILVER, 279, 0],
      ['ORB-R-10-SIL', 'Silver, size 10', SILVER, 279, 0],
      ['ORB-R-10-BLK', 'Stealth, size 10', BLACK, 299, 0],
    ],
    day: 115,
    photos: 1,
  },
  {
    slug: 'pulse-watch-kids',
    section: 'wearables',
    zag: 'Pulse Watch Kids',
    vendor: 'Pulse',
    stxt: 'A first watch with calls to family only and school-time mode.',
    intro:
      'Children can call and message a list of contacts their parents choose, and school-time mode switches everything off except the clock during lessons.',
    features: [
      'Calls and messages to approved contacts',
      'School-time mode',
      'Location sharing with parents',
    ],
    mods: [
      ['PUL-WK-BLU', 'Sky', BLUE, 149, 169],
      ['PUL-WK-RED', 'Cherry', RED, 149, 169],
    ],
    day: 135,
    photos: 1,
  },
  {
    slug: 'aurora-x0',
    section: 'archive',
    zag: 'Aurora X0',
    vendor: 'Aurora Mobile',
    stxt: 'Discontinued. Replaced by the Aurora X1.',
    intro: 'The Aurora X0 is no longer sold. Spare parts and repairs remain available until 2027.',
    features: ['6.2-inch OLED', '48 MP camera', 'Supported until 2027'],
    mods: [['AUR-X0-128-BLK', 'Midnight', BLACK, 399, 599]],
    day: 1,
    photos: 1,
    shw: 0,
  },
];
