/**
 * Product field values the rules accept, Unicode included: the unit tests check the schema keeps each
 * unchanged, the HTTP tests that each is stored exactly.
 */
export const acceptedProductValues: readonly { rule: string; overrides: Record<string, string> }[] = [
  { rule: "a Cyrillic name", overrides: { name: "Ключ активации Steam" } },
  { rule: "a name with emoji", overrides: { name: "Подарочная карта 🎮🎁" } },
  { rule: "a CJK name", overrides: { name: "游戏密钥 ゲームキー 게임 키" } },
  { rule: "a right-to-left Arabic name", overrides: { name: "مفتاح اللعبة" } },
  {
    rule: "a name in decomposed form (not normalised on the way in)",
    overrides: { name: "Cafe\u0301 keys" },
  },
  { rule: "a name of 255 emoji (255 characters)", overrides: { name: "🎮".repeat(255) } },
  { rule: "a name of exactly 3 characters", overrides: { name: "Key" } },
  {
    rule: "a text_page with Cyrillic, emoji and CJK",
    overrides: { text_page: "Полное описание товара 🎮 — 游戏密钥, доставка мгновенно." },
  },
  {
    rule: "a text_page with a lone '<' and '>'",
    overrides: { text_page: "Compare: a < b and c > d, always." },
  },
  {
    rule: "a text_page with '<' before a digit, a space or a symbol",
    overrides: { text_page: "Under 5<10 minutes, <3 our buyers, x <= y, <-- arrows." },
  },
  {
    rule: "multi-line text_page and meta_description with tabs and CRLF",
    overrides: {
      text_page: "Line one\nLine two\r\n\tindented line",
      meta_description: "First line\r\nSecond line",
    },
  },
  {
    rule: "Unicode meta_title, tags, features and uuid",
    overrides: {
      meta_title: "Купить ключ — 最好的价格",
      tags: "ключ,игра,🎮",
      features: "мгновенно,глобально,スチーム",
      uuid: "ключ-1-🎮",
    },
  },
];
