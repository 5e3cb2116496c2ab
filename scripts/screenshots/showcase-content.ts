/**
 * The words of the screenshots' sample newsroom (scripts/screenshots.ts): authors, tags, cover pictures and thirty
 * articles with believable titles and summaries. Plain data; seed-showcase.ts stores it through the API.
 */

export type ShowcaseAuthor = { name: string; desk: string };
export type ShowcaseArticle = { title: string; summary: string; author: number; tags: string[]; cover: number };
export type ShowcaseCover = { file: string; title: string; sky: [string, string]; ground: string; sun: string };

export const AUTHORS: ShowcaseAuthor[] = [
  { name: 'Amara Osei', desk: 'Science' },
  { name: 'Jonas Weber', desk: 'Cities' },
  { name: 'Priya Raman', desk: 'Technology' },
  { name: 'Tomás Alvarez', desk: 'Food and travel' },
  { name: 'Hannah Lindqvist', desk: 'Climate' },
];

export const TAGS = ['Climate', 'Cities', 'Science', 'Technology', 'Food', 'Travel', 'Interview', 'Long read'];

/** Article statuses: the kanban's columns and the list's coloured labels. */
export const STATUSES = [
  { text: 'Draft', value: 'draft', foreground: '#1F2937', background: '#E5E7EB' },
  { text: 'In review', value: 'review', foreground: '#78350F', background: '#FDE68A' },
  { text: 'Published', value: 'published', foreground: '#14532D', background: '#BBF7D0' },
  { text: 'Archived', value: 'archived', foreground: '#FFFFFF', background: '#4B5563' },
];

/** Cover pictures, drawn as simple landscapes (an SVG rendered by sharp). */
export const COVERS: ShowcaseCover[] = [
  { file: 'harbour-at-dawn.jpg', title: 'Harbour at dawn', sky: ['#FDBA74', '#FDE68A'], ground: '#1E3A8A', sun: '#FFF7ED' },
  { file: 'green-rooftops.jpg', title: 'Green rooftops', sky: ['#BAE6FD', '#E0F2FE'], ground: '#166534', sun: '#FEF9C3' },
  { file: 'night-train.jpg', title: 'Night train', sky: ['#1E1B4B', '#4338CA'], ground: '#0F172A', sun: '#E0E7FF' },
  { file: 'wheat-field.jpg', title: 'Wheat field', sky: ['#93C5FD', '#DBEAFE'], ground: '#CA8A04', sun: '#FFFBEB' },
  { file: 'glacier.jpg', title: 'Glacier', sky: ['#A5F3FC', '#ECFEFF'], ground: '#E2E8F0', sun: '#FFFFFF' },
  { file: 'market-street.jpg', title: 'Market street', sky: ['#FCA5A5', '#FED7AA'], ground: '#7C2D12', sun: '#FFEDD5' },
  { file: 'river-delta.jpg', title: 'River delta', sky: ['#6EE7B7', '#D1FAE5'], ground: '#0E7490', sun: '#F0FDFA' },
  { file: 'city-at-night.jpg', title: 'City at night', sky: ['#0F172A', '#334155'], ground: '#020617', sun: '#FDE047' },
];

/** The article the item page, its history and the German and dark pictures show (its title before the edits). */
export const FEATURED = 9;
export const FEATURED_FIRST_TITLE = 'The lost rivers under our streets';

export const ARTICLES: ShowcaseArticle[] = [
  {
    title: 'The quiet return of the night train',
    summary: 'Sleeper services are back on routes that closed twenty years ago, and the cabins are sold out.',
    author: 3,
    tags: ['Travel', 'Long read'],
    cover: 2,
  },
  {
    title: 'What a city learns from its first heatwave plan',
    summary: 'Cool rooms, water points and a phone line: what worked in the first summer, and what did not.',
    author: 1,
    tags: ['Cities', 'Climate'],
    cover: 1,
  },
  {
    title: 'Inside the seed vault that keeps 40,000 kinds of wheat',
    summary: 'A cold room under a hill holds the grain of farms that no longer exist.',
    author: 0,
    tags: ['Science', 'Food'],
    cover: 3,
  },
  {
    title: 'Why your next phone battery may be made of sodium',
    summary: 'Cheaper and easier to mine than lithium, sodium cells are leaving the lab.',
    author: 2,
    tags: ['Technology', 'Science'],
    cover: 7,
  },
  {
    title: 'A week of eating only what grows within 50 kilometres',
    summary: 'Plenty of cabbage, surprisingly good cheese, and no coffee at all.',
    author: 3,
    tags: ['Food'],
    cover: 5,
  },
  {
    title: 'The bridge engineers who listen to steel',
    summary: 'Microphones on old bridges hear a wire snap long before anyone could see it.',
    author: 2,
    tags: ['Technology', 'Cities'],
    cover: 0,
  },
  {
    title: 'How small harbours are rebuilding their fishing fleets',
    summary: 'Co-operatives, shared boats and a new fish market keep three villages at sea.',
    author: 4,
    tags: ['Food', 'Travel'],
    cover: 0,
  },
  {
    title: 'Ten questions for a glaciologist',
    summary: 'How fast the ice is going, and what she still finds beautiful about it.',
    author: 0,
    tags: ['Interview', 'Climate', 'Science'],
    cover: 4,
  },
  {
    title: 'The return of the neighbourhood repair café',
    summary: 'Toasters, bikes and jeans: volunteers fix what the shops would replace.',
    author: 1,
    tags: ['Cities'],
    cover: 5,
  },
  {
    title: 'Mapping the city’s lost rivers',
    summary: 'Four rivers still run under the streets. A volunteer map shows where, and why it matters when it rains.',
    author: 1,
    tags: ['Cities', 'Climate', 'Long read'],
    cover: 6,
  },
  {
    title: 'Can rooftop farms feed a district?',
    summary: 'We weighed a season of harvests from twelve roofs.',
    author: 4,
    tags: ['Food', 'Cities'],
    cover: 1,
  },
  {
    title: 'The slow science of counting bees',
    summary: 'Every June, two hundred volunteers count bees in the same meadows.',
    author: 0,
    tags: ['Science'],
    cover: 3,
  },
  {
    title: 'Interview: the architect who designs for shade',
    summary: 'Deep balconies, narrow streets and trees first: building for hotter summers.',
    author: 1,
    tags: ['Interview', 'Cities', 'Climate'],
    cover: 1,
  },
  {
    title: 'Bread, salt and a 300-year-old sourdough starter',
    summary: 'A bakery keeps its starter alive through fires, wars and one long power cut.',
    author: 3,
    tags: ['Food'],
    cover: 5,
  },
  {
    title: 'What the tram timetable tells us about a city',
    summary: 'Where the trams run every five minutes, and where they stop at eight.',
    author: 1,
    tags: ['Cities'],
    cover: 7,
  },
  {
    title: 'The open-source tools behind weather forecasts',
    summary: 'Most forecasts start in code anyone can read. Meet the people who maintain it.',
    author: 2,
    tags: ['Technology', 'Climate'],
    cover: 4,
  },
  {
    title: 'A long walk along the old salt road',
    summary: 'Two hundred kilometres on foot from the coast to the mountains.',
    author: 3,
    tags: ['Travel', 'Long read'],
    cover: 3,
  },
  {
    title: 'How libraries became the city’s living rooms',
    summary: 'Warm, free and open late: libraries have taken on jobs nobody gave them.',
    author: 1,
    tags: ['Cities'],
    cover: 7,
  },
  {
    title: 'Reading the rings: what old trees say about droughts',
    summary: 'A thousand years of rainfall, written in the wood of a few old oaks.',
    author: 0,
    tags: ['Science', 'Climate'],
    cover: 1,
  },
  {
    title: 'The cost of cooling: data centres in a warming climate',
    summary: 'Servers need cold air. What happens to the grid when summers get longer?',
    author: 2,
    tags: ['Technology', 'Climate'],
    cover: 7,
  },
  {
    title: 'Street food rules, explained',
    summary: 'Permits, pitches and hygiene marks: how the city decides who sells what, and where.',
    author: 3,
    tags: ['Food', 'Cities'],
    cover: 5,
  },
  {
    title: 'Why coastal towns are planting sea grass again',
    summary: 'Meadows under the water calm the waves and store carbon.',
    author: 4,
    tags: ['Climate', 'Science'],
    cover: 6,
  },
  {
    title: 'A field guide to urban birdsong',
    summary: 'Blackbirds sing louder in cities. Here is who else you can hear on the way to work.',
    author: 0,
    tags: ['Science', 'Cities'],
    cover: 1,
  },
  {
    title: 'The engineers keeping century-old canal locks working',
    summary: 'Oak gates, iron paddles and a logbook that starts in 1911.',
    author: 2,
    tags: ['Technology', 'Travel'],
    cover: 6,
  },
  {
    title: 'Interview: a chef who cooks with invasive species',
    summary: 'Signal crayfish, knotweed and wild garlic on a menu that helps the river.',
    author: 3,
    tags: ['Interview', 'Food'],
    cover: 6,
  },
  {
    title: 'Night skies are disappearing. Some towns are fighting back',
    summary: 'Dimmer street lights, warmer colours and a dark-sky park on the edge of town.',
    author: 4,
    tags: ['Climate', 'Science'],
    cover: 2,
  },
  {
    title: 'The year in electric buses',
    summary: 'Eleven cities, four hundred buses and one very cold winter.',
    author: 2,
    tags: ['Technology', 'Cities'],
    cover: 7,
  },
  {
    title: 'Lessons from a flood-proof neighbourhood',
    summary: 'Parks that fill up, streets that drain and houses on raised ground.',
    author: 4,
    tags: ['Climate', 'Cities'],
    cover: 6,
  },
  {
    title: 'How a village saved its last shop',
    summary: 'Two hundred neighbours bought shares, and now they take turns behind the till.',
    author: 3,
    tags: ['Travel'],
    cover: 3,
  },
  {
    title: 'Measuring the sea from space',
    summary: 'Satellites see the sea rise by millimetres. Tide gauges on the pier check their sums.',
    author: 0,
    tags: ['Science', 'Climate'],
    cover: 4,
  },
];

/** The featured article's body (markdown), after its edits. */
export const FEATURED_BODY = `Four rivers once ran through the old town. Today they flow in brick tunnels under the streets, and most people
only notice them when a cellar floods.

## Where the water goes

Volunteers from the local history society walked every street with old maps and a drain key. Their map now shows:

- the **Mill Brook**, under the market square since 1872;
- the **Tanners' Stream**, which still feeds the fountain in Church Lane;
- two smaller streams that join under the railway station.

When heavy rain comes, the tunnels fill in minutes. The city's new [flood plan](https://example.com/flood-plan) opens
two of them to the sky again, as parks that can take the water.
`;

/** Another article's body: its summary and a few plain paragraphs about its desk. */
export function articleBody(article: ShowcaseArticle): string {
  const author = AUTHORS[article.author]!;
  return `${article.summary}

${author.name} reports for the ${author.desk.toLowerCase()} desk. This piece is part of our series on ${article.tags
    .map((tag) => tag.toLowerCase())
    .join(', ')}.

## What comes next

We will follow the story over the coming months. Write to the newsroom if you have seen it where you live.
`;
}
