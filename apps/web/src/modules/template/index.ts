/** Template library (spec 02 §2 screen 11): template tab, publish, copy, export/import. */
export { TemplatePage } from './components/TemplatePage';
export { TemplateSidebar } from './components/TemplateSidebar';
export { usePublishExtension } from './hooks/useSidebarExtensions';
