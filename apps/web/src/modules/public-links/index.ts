export { ShareLinkDialog, currentFilters, type ShareLinkTarget } from './components/ShareLinkDialog';
export { usePublicLinks } from './components/usePublicLinks';
export { PublicLinksAdmin } from './components/PublicLinksAdmin';
export { usePlTranslation } from './i18n';
