import type { EmbedCatalogue } from './zh-CN';

/** 嵌入頁的文字（註冊於 embed.*）。 */
const zhTW: EmbedCatalogue = {
  waiting: '等待嵌入權杖…',
  failed: '無法顯示：嵌入權杖無效或已過期',
  noCharts: '沒有可顯示的圖表',
};

export default zhTW;
