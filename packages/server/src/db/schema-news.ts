import type { newsTable, newsVersionTable } from '../modules/news/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the news area (migrations/0034_news.ts), from the declared tables.
export interface NewsTables {
  news: RowOf<typeof newsTable>;
  news_versions: RowOf<typeof newsVersionTable>;
}
