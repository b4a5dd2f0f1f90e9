/** 嵌入页的文字（注册于 embed.*）。 */
const zhCN = {
  waiting: '等待嵌入令牌…',
  failed: '无法显示：嵌入令牌无效或已过期',
  noCharts: '没有可显示的图表',
};

export type EmbedCatalogue = typeof zhCN;
export default zhCN;
