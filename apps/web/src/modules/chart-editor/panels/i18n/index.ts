import { moduleTranslation, type CatalogueKey, type ModuleT } from '../../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ChartPanelsCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** A key of the panels' catalogue, e.g. 'legend.top' (without the `chartPanels.` prefix). */
export type ChartPanelsKey = CatalogueKey<ChartPanelsCatalogue>;
export type PanelsT = ModuleT<ChartPanelsKey>;

/** `pt` for the panels's own texts (registered under `chartPanels.`), and the app's `t` for shared ones. */
export const usePanelsTranslation = moduleTranslation('chartPanels', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'pt');
