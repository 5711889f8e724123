/**
 * Demo articles, hand-written, `txt` with a little HTML; one carries a harmless `<script>` and
 * `onclick` so the storefront can show its sanitizer removes them.
 */

export interface DemoArticle {
  slug: string;
  section: 'blog' | 'news';
  zag: string;
  stxt: string;
  txt: string;
  /** Days after 2025-01-06 it was published. */
  day: number;
  /** Meta title and description for md `blog`/`news`; absent ones exercise the fallback. */
  meta?: { ttl: string; dsc: string };
  shw?: 0 | 1;
}

const img = (section: string, slug: string, alt: string): string =>
  `<p><img src="/img/${section}/${slug}.svg" alt="${alt}" width="640" height="360"></p>`;

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    slug: 'choosing-noise-cancelling-headphones',
    section: 'blog',
    zag: 'How to choose noise-cancelling headphones',
    stxt: 'Over-ear or earbuds, adaptive or fixed: what actually matters when you shop for quiet.',
    txt: `<p>Noise cancelling works best on steady, low sounds: engines, air conditioning, the hum of a train. It does much less for voices and sudden noises, so be wary of any box that promises silence.</p>
${img('blog', 'choosing-noise-cancelling-headphones', 'Over-ear headphones on a desk')}
<p>Before you buy, check three things:</p>
<ul><li><strong>Fit.</strong> A good seal blocks more noise than any processor.</li><li><strong>Battery with ANC on.</strong> The headline figure is often measured with it off.</li><li><strong>Pressure.</strong> Some people feel a sensation of blocked ears; try them for ten minutes.</li></ul>
<p>Our current favourites are the <a href="/catalog/audio/headphones">Quiet One ANC</a> for travel and the Quiet One Buds for the gym.</p>`,
    day: 30,
    meta: {
      ttl: 'How to choose noise-cancelling headphones — buying guide',
      dsc: 'What matters when buying noise-cancelling headphones: fit, battery life with ANC on and comfort.',
    },
  },
  {
    slug: 'ultrabook-or-gaming-laptop',
    section: 'blog',
    zag: 'Ultrabook or gaming laptop: which one do you need?',
    stxt: 'Weight, battery and noise against raw power. A short guide to picking the right kind of laptop.',
    txt: `<p>The two kinds of laptop are built for opposite goals. An ultrabook spends its budget on weight and battery life; a gaming laptop spends it on the graphics card and the cooling that keeps it running.</p>
<ul><li>Carry it every day? Choose an ultrabook.</li><li>Play new games or edit 4K video? Choose a gaming laptop or a workstation.</li><li>Both? A light ultrabook plus a console often costs less than one do-everything laptop.</li></ul>
${img('blog', 'ultrabook-or-gaming-laptop', 'An ultrabook next to a gaming laptop')}
<p>Compare models side by side in our <a href="/catalog/laptops">laptop section</a>.</p>`,
    day: 75,
    meta: {
      ttl: 'Ultrabook or gaming laptop? How to decide',
      dsc: 'Ultrabooks trade power for weight and battery; gaming laptops do the reverse. Here is how to choose.',
    },
  },
  {
    slug: 'phone-battery-tips',
    section: 'blog',
    zag: 'Five ways to make your phone battery last longer',
    stxt: 'Small settings changes that add hours to every charge and years to the battery.',
    txt: `<p>Phone batteries wear out through heat and through spending long hours at 100%. Most of these tips reduce one or the other.</p>
<ol><li>Turn on adaptive or optimised charging.</li><li>Keep the phone out of the sun and off the car dashboard.</li><li>Lower the screen refresh rate if you do not notice the difference.</li><li>Remove widgets that refresh constantly.</li><li>Use a slower charger overnight; save fast charging for when you need it.</li></ol>
${img('blog', 'phone-battery-tips', 'A phone charging on a wireless pad')}
<p>If your battery is already tired, the <a href="/catalog/phones">Fjord One</a> lets you swap it in minutes.</p>`,
    day: 90,
    meta: {
      ttl: 'Five ways to make your phone battery last longer',
      dsc: 'Simple settings and charging habits that make a phone battery last longer each day and for years.',
    },
  },
  {
    slug: 'home-studio-on-a-budget',
    section: 'blog',
    zag: 'Setting up a small home studio on a budget',
    stxt: 'Headphones first, then the room. What to buy, and in which order, for recording at home.',
    txt: `<p>You do not need a treated room and a wall of equipment to make good recordings. Start with honest headphones, then fix the room, and only then spend money on microphones.</p>
${img('blog', 'home-studio-on-a-budget', 'Studio headphones hanging on a stand')}
<ul><li>Closed-back headphones such as the Studio Monitor 70 for recording.</li><li>Rugs, curtains and a full bookshelf tame a lot of echo.</li><li>A simple USB interface is enough for one or two microphones.</li></ul>
<p>Read more about <a href="https://en.wikipedia.org/wiki/Acoustic_treatment" rel="noopener">acoustic treatment</a>.</p>`,
    day: 105,
  },
  {
    slug: 'sleep-tracking-explained',
    section: 'blog',
    zag: 'Smartwatch sleep tracking: what the numbers mean',
    stxt: 'Sleep stages, heart rate variability and readiness scores, explained without the jargon.',
    txt: `<p>Wearables estimate sleep stages from movement and heart rate. They are good at spotting trends over weeks and much less reliable about any single night.</p>
<ul><li><strong>Total sleep</strong> is the most accurate number.</li><li><strong>Heart rate variability</strong> tends to rise when you are well rested.</li><li><strong>Readiness scores</strong> combine both; treat them as a hint, not an instruction.</li></ul>
${img('blog', 'sleep-tracking-explained', 'A smart ring next to a watch')}
<p>Both the <a href="/catalog/wearables">Pulse Watch 3 and the Orbit Ring</a> track sleep without a subscription.</p>`,
    day: 125,
    meta: {
      ttl: 'Sleep tracking explained: stages, HRV and readiness',
      dsc: 'What smartwatch and smart ring sleep data means, and which numbers you can trust.',
    },
  },
  {
    slug: 'cleaning-your-earbuds',
    section: 'blog',
    zag: 'Care guide: cleaning your earbuds safely',
    stxt: 'A soft brush, a dry cloth and five minutes a week keep earbuds sounding new.',
    txt: `<p>Earwax and dust slowly block the mesh of an earbud, and the sound gets thinner. Cleaning takes five minutes.</p>
<ul><li>Use a dry, soft toothbrush on the mesh, pointing it downwards.</li><li>Wipe the tips with a slightly damp cloth; never run them under the tap unless they are rated IP67.</li><li>Clean the charging contacts in the case with a cotton bud.</li></ul>
${img('blog', 'cleaning-your-earbuds', 'Earbuds and a soft brush')}
<p>Questions? <a href="/about" onclick="alert('This handler should have been removed')">Ask us in store</a>.</p>
<script>console.log('demo: this script must be removed by the sanitizer');</script>`,
    day: 140,
    meta: {
      ttl: 'How to clean earbuds safely',
      dsc: 'Keep your earbuds sounding new: how to clean the mesh, the tips and the charging case.',
    },
  },
  {
    slug: 'lumen-air-15-arrives',
    section: 'news',
    zag: 'Lumen Air 15 arrives in store',
    stxt: 'The 15-inch fanless laptop is on display and available for next-day delivery.',
    txt: `<p>The Lumen Air 15 is here. Come and try it on the demo table: it is surprisingly light for its size.</p>
${img('news', 'lumen-air-15-arrives', 'The Lumen Air 15 on a table')}
<ul><li>In silver and midnight blue.</li><li>Next-day delivery on orders placed before 18:00.</li></ul>
<p>See the <a href="/catalog/laptops/ultrabooks">full specifications</a>.</p>`,
    day: 141,
    meta: {
      ttl: 'Lumen Air 15 now in store',
      dsc: 'The fanless 15-inch Lumen Air is on display in store and available for next-day delivery.',
    },
  },
  {
    slug: 'holiday-opening-hours',
    section: 'news',
    zag: 'Holiday opening hours',
    stxt: 'When the shop is open over the holidays, and when the last deliveries go out.',
    txt: `<p>We are open every day over the holidays except the 25th and 26th of December and the 1st of January.</p>
<ul><li>24 and 31 December: 9:00 to 15:00.</li><li>Other days: usual hours, 9:00 to 19:00.</li><li>Last guaranteed delivery before Christmas: orders by 20 December.</li></ul>
${img('news', 'holiday-opening-hours', 'The shop front decorated for the holidays')}
<p>Questions about an order? <a href="/about">Contact us</a>.</p>`,
    day: 340,
    meta: {
      ttl: 'Holiday opening hours',
      dsc: 'Lumen & Oak holiday opening hours and last delivery dates before Christmas.',
    },
  },
  {
    slug: 'free-next-day-delivery',
    section: 'news',
    zag: 'Free next-day delivery on orders over $50',
    stxt: 'From this month, orders over $50 ship free and arrive the next working day.',
    txt: `<p>Orders over $50 placed before 18:00 now arrive the next working day, free of charge.</p>
${img('news', 'free-next-day-delivery', 'A delivery van outside the shop')}
<ul><li>Tracked with a one-hour delivery window.</li><li>Free returns within 30 days.</li></ul>
<p>Read the <a href="/about">delivery terms</a>.</p>`,
    day: 160,
  },
  {
    slug: 'trade-in-your-old-phone',
    section: 'news',
    zag: 'Trade in your old phone',
    stxt: 'Bring in any working phone and get credit towards a new one. Broken ones are recycled for free.',
    txt: `<p>Our trade-in programme is open: bring a working phone and we will give you credit towards a new one on the spot.</p>
<ul><li>Any brand, up to five years old.</li><li>We wipe your data in front of you.</li><li>Broken phones are recycled responsibly at no cost.</li></ul>
${img('news', 'trade-in-your-old-phone', 'A stack of old phones')}
<p>See <a href="/catalog/phones">the phones you can trade up to</a>.</p>`,
    day: 170,
    meta: {
      ttl: 'Phone trade-in: credit for your old phone',
      dsc: 'Trade in any working phone for credit, with data wiped in front of you. Broken phones recycled free.',
    },
  },
  {
    slug: 'riverside-pickup-point',
    section: 'news',
    zag: 'New pickup point in Riverside',
    stxt: 'Collect online orders from our new Riverside pickup point, open until 21:00.',
    txt: `<p>You can now collect online orders from Riverside Market, unit 4, open until 21:00 every day.</p>
${img('news', 'riverside-pickup-point', 'The Riverside pickup point')}
<ul><li>Orders ready two hours after you place them.</li><li>Free, with no minimum order.</li></ul>
<p>Choose <a href="/about">Riverside</a> at checkout.</p>`,
    day: 200,
    meta: {
      ttl: 'New pickup point in Riverside',
      dsc: 'Collect online orders at Riverside Market, open until 21:00, ready two hours after ordering.',
    },
  },
  {
    slug: 'spring-sale-draft',
    section: 'news',
    zag: 'Spring sale (draft)',
    stxt: 'Draft announcement, not yet published.',
    txt: '<p>Up to 20% off selected audio. Details to follow.</p>',
    day: 210,
    shw: 0,
  },
];
