import { defineArea } from '../types.ts';
import { news, newsVersions } from './news.ts';

/** News (issue 17): posts an account publishes to its partners, and each post's published versions. */
export const newsArea = defineArea({ name: 'news', resources: [news, newsVersions] });
