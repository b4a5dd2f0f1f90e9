import type { FolderTreeCatalogue } from './zh-CN';

/** English texts of the folder tree (registered under folderTree.*). */
const en: FolderTreeCatalogue = {
  names: {
    label: 'Name',
    placeholder: 'Please enter a name (3 to 20 characters)',
    required: 'Please enter a name',
    length: 'Name must be 3 to 20 characters',
    lineBreak: 'A name must be a single line',
  },
  folders: {
    target: 'Target folder',
    choose: 'Please choose a target folder',
  },
  drag: {
    folder: 'Drag to reorder the folder',
    item: 'Drag to reorder or move to another folder',
    itemMove: 'Drag to move to another folder',
    failed: 'The new order could not be saved',
  },
};

export default en;
