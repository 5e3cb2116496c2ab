/**
 * The collection icons the app draws: Directus's Material Symbols names → a path on a 24 × 24 grid, drawn as a
 * 2-unit stroke (`collection-icon.tsx`). Our own simple drawings of a few dozen common names, not the symbol font;
 * any other name is drawn as `DEFAULT_ICON`. A chunk of its own, fetched when a collection has an icon.
 */
export const ICONS: Readonly<Record<string, string>> = {
  apartment: 'M4 21V3h10v18M14 9h6v12M2 21h20M7 7h4M7 11h4M7 15h4',
  article: 'M5 3h14v18H5zM8 8h8M8 12h8M8 16h5',
  attach_money: 'M12 2v20M17 6H9.5a3 3 0 0 0 0 6h5a3 3 0 0 1 0 6H6',
  bookmark: 'M6 3h12v18l-6-4-6 4z',
  calendar_today: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
  category: 'M12 3l4 6H8zM4 14h6v6H4zM17 20a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  chat: 'M4 4h16v12H8l-4 4z',
  check_circle: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12l3 3 5-6',
  code: 'M9 7l-5 5 5 5M15 7l5 5-5 5',
  dashboard: 'M3 3h8v10H3zM13 3h8v6h-8zM13 11h8v10h-8zM3 15h8v6H3z',
  database: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  description: 'M6 2h8l5 5v15H6zM14 2v5h5M9 13h7M9 17h7',
  event: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M14 14h3v3h-3z',
  favorite: 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z',
  flag: 'M5 21V4M5 4h12l-2 4 2 4H5',
  folder: 'M3 6h6l2 2h10v11H3z',
  group: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 3-5 6-5s6 2 6 5M16 5.5a3 3 0 0 1 0 5.5M18 15c2 .5 3 2.5 3 5',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7v.5M12 17h.01',
  home: 'M3 11l9-8 9 8M5 9.5V21h5v-6h4v6h5V9.5',
  image: 'M3 4h18v16H3zM3 17l5-5 4 4 3-3 6 6M17 9a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z',
  import_export: 'M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4',
  inventory_2: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  key: 'M8 15a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 11h9M18 11v3M21 11v3',
  label: 'M3 5h12l6 7-6 7H3z',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h1M3 12h1M3 18h1',
  local_shipping: 'M2 6h12v10H2zM14 9h4l3 4v3h-7zM7 18.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zM19 18.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z',
  location_on: 'M12 22s-7-7-7-12a7 7 0 0 1 14 0c0 5-7 12-7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  map: 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3zM9 3v15M15 6v15',
  menu_book: 'M4 4h5a3 3 0 0 1 3 3v14a2 2 0 0 0-2-2H4zM20 4h-5a3 3 0 0 0-3 3M20 4v15h-6a2 2 0 0 0-2 2',
  movie: 'M3 5h18v14H3zM3 9h18M7 5l2 4M12 5l2 4M17 5l2 4',
  music_note: 'M9 18V5l10-2v12M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM19 15a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  newspaper: 'M3 5h15v15H5a2 2 0 0 1-2-2zM18 9h3v9a2 2 0 0 1-4 0M7 9h7M7 13h7M7 16h4',
  notifications: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  photo_camera: 'M3 7h4l2-3h6l2 3h4v13H3zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  public: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  restaurant: 'M7 3v18M4 3v5a3 3 0 0 0 6 0V3M17 21V3c-2 1-3 4-3 8h3',
  schedule: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  school: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  shopping_cart: 'M3 4h2l2.5 11h11L21 7H6.5M10 20a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zM19 20a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z',
  smartphone: 'M7 2h10v20H7zM11 18h2',
  star: 'M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z',
  store: 'M3 9l2-5h14l2 5M3 9h18M5 9v11h14V9M10 20v-6h4v6',
  tag: 'M9 3 7 21M17 3l-2 18M4 8h17M3 16h17',
  videocam: 'M3 6h12v12H3zM15 10l6-3v10l-6-3',
  work: 'M3 7h18v13H3zM9 7V4h6v3M3 12h18',
};

/** What a name without its own drawing gets (Directus's own default collection icon is `database`). */
export const DEFAULT_ICON = 'database';

/** The drawing of an icon name: its own, else the default's. */
export function iconPath(name: string): string {
  return Object.hasOwn(ICONS, name) ? ICONS[name]! : ICONS[DEFAULT_ICON]!;
}
