import type { Category } from "../../shared/categories/category.js";
import type { ModerationStatus, ProductRecord } from "../../shared/products/product.js";
import { normalizeName } from "../../shared/products/product-fields.js";
import { createPrng, type Prng, weighted } from "./prng.js";

/**
 * Deterministic synthetic catalogue for the search benchmark: digital goods (game keys, software
 * licences, subscriptions, gift cards) named from a fixed vocabulary, so every word, category and price
 * band covers the same fraction of the catalogue at any size and the 10k → 100k comparison is honest.
 */

/** About this many products per seller; sellers scale with the catalogue. */
export const PRODUCTS_PER_SELLER = 100;

/** 100 franchise words: each names ~0.6% of all products (60% are games, one franchise each). */
export const FRANCHISES = [
  "starfall",
  "ironclad",
  "neonrift",
  "skyforge",
  "duskward",
  "emberhold",
  "frostmere",
  "voidrunner",
  "stormveil",
  "ashenvale",
  "brightwater",
  "cinderlock",
  "deepwood",
  "driftmark",
  "echoreach",
  "fablestone",
  "gloomhaven",
  "goldcrest",
  "grimshore",
  "hallowfen",
  "hexbound",
  "hollowpeak",
  "ironroot",
  "jadeharbor",
  "kingsmoor",
  "lanternfall",
  "lumenfield",
  "mirefang",
  "moonspire",
  "mossgarden",
  "nightbloom",
  "northwind",
  "oakenshield",
  "obsidia",
  "outlands",
  "palewatch",
  "quarrytown",
  "quicksilver",
  "ravenloft",
  "redmarch",
  "riftborn",
  "runegate",
  "saltmarsh",
  "shadowmere",
  "silverpine",
  "smokestack",
  "snowcrown",
  "solstice",
  "spellbound",
  "sunken",
  "thornwall",
  "thunderhead",
  "tidecaller",
  "timberline",
  "twilightvale",
  "umberdeep",
  "underkeep",
  "valeguard",
  "velvetine",
  "wildmoor",
  "windrider",
  "wintermaw",
  "wolfsbane",
  "wyrmwood",
  "yarrowdale",
  "zephyra",
  "arcadia",
  "bastion",
  "cobalt",
  "darkwater",
  "elderglen",
  "farreach",
  "galebreak",
  "highmoor",
  "ivoryhall",
  "jesterfall",
  "kestrel",
  "lowlands",
  "marrowind",
  "netherby",
  "orchid",
  "pinecliff",
  "quillon",
  "rosewater",
  "sablecoast",
  "tanglewood",
  "ulthar",
  "vantage",
  "westmarch",
  "xenolith",
  "yellowfen",
  "zenith",
  "aurora",
  "blackreef",
  "crimson",
  "dawnbreak",
  "everfrost",
  "firelight",
  "glimmer",
  "harrow",
] as const;

const SUBTITLES = [
  "chronicles",
  "legacy",
  "reborn",
  "origins",
  "remastered",
  "tactics",
  "online",
  "arena",
  "odyssey",
  "horizons",
  "uprising",
  "dominion",
  "frontiers",
  "awakening",
  "requiem",
  "2",
  "3",
  "4",
  "ii",
  "iii",
] as const;
const EDITIONS = ["deluxe", "ultimate", "gold", "premium", "complete", "standard"] as const;
const PLATFORMS: readonly (readonly [string, number])[] = [
  ["steam", 35],
  ["xbox", 15],
  ["playstation", 12],
  ["nintendo", 8],
  ["epic", 8],
  ["gog", 5],
  ["ea", 5],
  ["ubisoft", 5],
  ["battlenet", 4],
  ["rockstar", 3],
];
const GAME_TYPES: readonly (readonly [string, number])[] = [
  ["key", 70],
  ["gift", 20],
  ["account", 10],
];
const REGIONS: readonly (readonly [string, number])[] = [
  ["global", 50],
  ["europe", 20],
  ["cis", 10],
  ["usa", 8],
  ["latam", 5],
  ["asia", 7],
];
const GENRES = [
  "action",
  "rpg",
  "strategy",
  "shooter",
  "racing",
  "puzzle",
  "horror",
  "simulator",
  "adventure",
  "sports",
] as const;
const DELIVERY = ["instant", "fast", "automatic"] as const;
const VENDORS = [
  "nordguard",
  "kasperus",
  "bitshield",
  "avantix",
  "macrosoft",
  "adoba",
  "corelsoft",
  "ashpoint",
  "winzap",
  "paragon",
  "acronyx",
  "eseta",
  "malwarex",
  "pandora",
  "tunnelix",
  "expressnet",
] as const;
const SOFTWARE = [
  "antivirus",
  "office",
  "vpn",
  "photo",
  "video",
  "backup",
  "security",
  "windows",
  "server",
  "studio",
] as const;
const LICENCES = ["lifetime", "1 year", "2 years", "3 devices", "5 devices", "1 pc"] as const;
const SERVICES = [
  "streamix",
  "musicbox",
  "cloudplay",
  "gamepass",
  "netcinema",
  "readly",
  "fitnow",
  "learnhub",
] as const;
const PLANS = ["basic", "standard", "premium", "family", "ultimate"] as const;
const MONTHS = ["1", "3", "6", "12"] as const;
const CARD_AMOUNTS = ["10", "20", "25", "50", "100"] as const;
const CURRENCIES = ["usd", "eur", "rub", "try"] as const;

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A product's name and description from the vocabulary (≈ 6–10 distinct words between them). */
const productText = (prng: Prng): { name: string; description: string } => {
  const kind = weighted(prng, [
    ["game", 60],
    ["software", 20],
    ["subscription", 15],
    ["card", 5],
  ] as const);
  const delivery = `${prng.pick(DELIVERY)} delivery`;
  if (kind === "game") {
    const platform = weighted(prng, PLATFORMS);
    const parts = [title(prng.pick(FRANCHISES))];
    if (prng.chance(0.4)) parts.push(title(prng.pick(SUBTITLES)));
    if (prng.chance(0.5)) parts.push(title(prng.pick(EDITIONS)));
    parts.push(title(platform), title(weighted(prng, GAME_TYPES)), title(weighted(prng, REGIONS)));
    return { name: parts.join(" "), description: `${title(prng.pick(GENRES))} game, ${delivery}` };
  }
  if (kind === "software") {
    const name = `${title(prng.pick(VENDORS))} ${title(prng.pick(SOFTWARE))} ${prng.int(2023, 2026)} ${prng.pick(LICENCES)}`;
    return { name, description: `Licence key, ${delivery}` };
  }
  if (kind === "subscription") {
    const name = `${title(prng.pick(SERVICES))} ${title(prng.pick(PLANS))} ${prng.pick(MONTHS)} months subscription`;
    return { name, description: `${title(weighted(prng, REGIONS))} account, ${delivery}` };
  }
  const store = weighted(prng, PLATFORMS);
  const name = `${title(store)} gift card ${prng.pick(CARD_AMOUNTS)} ${prng.pick(CURRENCIES).toUpperCase()}`;
  return { name, description: `${title(weighted(prng, REGIONS))} code, ${delivery}` };
};

/** The categories: 50 active ones of uneven size, and one whose id starts with 700 (hidden from v2). */
export const ACTIVE_CATEGORY_COUNT = 50;
export const FIRST_CATEGORY_ID = 1001;
export const BLOCKED_CATEGORY_ID = 700_100;
/** Share of products filed under the blocked category. */
const BLOCKED_SHARE = 0.015;

export const benchCategories = (): Category[] => [
  ...Array.from({ length: ACTIVE_CATEGORY_COUNT }, (_, i) => ({
    id: FIRST_CATEGORY_ID + i,
    name: `Digital goods ${i + 1}`,
    slug: `digital-goods-${i + 1}`,
    status: "active" as const,
  })),
  { id: BLOCKED_CATEGORY_ID, name: "Restricted goods", slug: "restricted-goods", status: "active" },
];

// Category i (0-based) weighs 1 / (i + 10): the largest ≈ 4.5% of products, the smallest ≈ 0.8%.
const CATEGORY_WEIGHTS: readonly (readonly [number, number])[] = [
  ...Array.from({ length: ACTIVE_CATEGORY_COUNT }, (_, i) => [FIRST_CATEGORY_ID + i, 1 / (i + 10)] as const),
];

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A ULID-shaped id (as `newId` makes) from a time and the generator, so ids sort by creation time. */
const ulid = (ms: number, prng: Prng): string => {
  let time = "";
  let t = ms;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let tail = "";
  for (let i = 0; i < 16; i++) tail += CROCKFORD[prng.int(0, 31)];
  return time + tail;
};

const FIRST_CREATED = Date.parse("2025-01-01T00:00:00.000Z");
const LOWEST_PRICE = 50;
const HIGHEST_PRICE = 50_000;

/** How many sellers a catalogue of `size` products has. */
export const sellerCountFor = (size: number): number => Math.max(1, Math.round(size / PRODUCTS_PER_SELLER));

/**
 * `size` products, oldest first, spread uniformly over `sellerIds`: prices log-uniform 50–50,000,
 * discounts 0–30 (half none), ~10% out of stock, ~5% not approved (pending or draft), ~1.5% in the
 * blocked category. The same `size` and seller ids always give the same products.
 */
export const generateProducts = (
  size: number,
  sellerIds: readonly number[],
  seed = 20_240_601,
): ProductRecord[] => {
  const prng = createPrng(seed);
  const products: ProductRecord[] = [];
  for (let i = 0; i < size; i++) {
    const createdMs = FIRST_CREATED + i * 37_000;
    const id = ulid(createdMs, prng);
    const { name, description } = productText(prng);
    const sellerId = prng.pick(sellerIds);
    const categoryId = prng.chance(BLOCKED_SHARE) ? BLOCKED_CATEGORY_ID : weighted(prng, CATEGORY_WEIGHTS);
    const price = Math.round(
      Math.exp(Math.log(LOWEST_PRICE) + prng.next() * (Math.log(HIGHEST_PRICE) - Math.log(LOWEST_PRICE))),
    );
    const discount = prng.chance(0.5) ? 0 : prng.int(1, 30);
    const count = prng.chance(0.1) ? 0 : prng.int(1, 500);
    const status: ModerationStatus = prng.chance(0.95) ? "approved" : prng.chance(0.6) ? "pending" : "draft";
    const at = new Date(createdMs).toISOString();
    const hasImage = status !== "draft";
    products.push({
      id,
      seller_id: sellerId,
      id_categories: categoryId,
      name,
      name_key: normalizeName(name),
      meta_title: name,
      meta_description: description,
      tags: "digital,key",
      text_page: `<p>${description}</p>`,
      price,
      count,
      uuid: `bench-${i}`,
      features: "",
      discount,
      api_key: "",
      api_url: "",
      status_moderation: status,
      img: hasImage ? `https://images.example.com/products/${id}.png` : "",
      img_key: hasImage ? `products/${id}.png` : "",
      rating: prng.int(0, 100),
      gift_available: 0,
      comment_status: 0,
      comment_regex: "",
      created_at: at,
      updated_at: at,
    });
  }
  return products;
};
