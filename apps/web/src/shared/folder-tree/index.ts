// The folder tree of every sidebar (dashboards, templates, data sources, relation maps); see
// docs/architecture.md "One folder tree". Each area gives its data shape, API calls, texts and menus.
export { FolderTree, treeTexts, type FolderTreeProps, type SidebarTextKey, type TreeAction, type TreeTestIds, type TreeTexts } from './components/FolderTree';
export { CutName, RowMenu, menuItems, stopEvent } from './components/TreeRows';
export { FolderPickerDialog, NameDialog, NameField, useNameRule, type FolderChoice } from './components/TreeDialogs';
export { folderTexts, useFolderActions, type FolderActionCalls, type FolderActionTexts, type FolderTextKey } from './hooks/useFolderActions';
export { useFolderTree, type FolderTreeState } from './hooks/useFolderTree';
export { useTreeDrop } from './hooks/useTreeDrop';
export { useErrorText, useTreeFeedback } from './hooks/useTreeFeedback';
export { applyDrop, dragId, parseDragId, planDrop, type DropPlan } from './utils/drop';
export { nodeRights, tidyMenu, type TreeMenuEntry } from './utils/menu';
export { filterTree, folderOfItem, matchingItems, projectShape, type ItemMatch, type ProjectFolder, type TreeShape } from './utils/tree';
export { useFolderTreeTranslation } from './i18n';
