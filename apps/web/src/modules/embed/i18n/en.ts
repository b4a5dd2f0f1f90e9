import type { EmbedCatalogue } from './zh-CN';

/** English texts of the embed page (registered under embed.*). */
const en: EmbedCatalogue = {
  waiting: 'Waiting for the embedding token…',
  failed: 'Cannot show this: the embedding token is invalid or expired',
  noCharts: 'No charts to show',
};

export default en;
