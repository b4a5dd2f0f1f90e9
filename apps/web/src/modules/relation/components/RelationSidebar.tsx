import { ApartmentOutlined, FolderAddOutlined } from '@ant-design/icons';
import { DISPLAY_CUT } from '@bi/rules';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import * as Tree from '../../../shared/folder-tree';
import { useEditAuth } from '../../dashboard/hooks/useEditAuth';
import { useRelationMutations, useRelationProjects } from '../hooks/useRelations';
import { useRelationTranslation } from '../i18n';
import type { RelationFolder, RelationItem, RelationTab } from '../types';
import { relationPath } from '../utils/paths';
import { relationTree } from '../utils/tree';
import { GenerateDialog } from './GenerateDialog';
import { RelationShareDialog } from './RelationShareDialog';
import '../relation.css';

type DialogState =
  | { kind: 'addMap'; folder: RelationFolder }
  | { kind: 'generate'; folder: RelationFolder }
  | { kind: 'rename'; map: RelationItem }
  | { kind: 'share'; map: RelationItem };

const TEST_IDS: Tree.TreeTestIds = {
  tree: 'relation-tree',
  search: 'relation-search',
  empty: 'relation-sidebar-empty',
  noResults: 'relation-no-results',
  error: 'relation-sidebar-error',
  folder: (id) => `relation-folder-${id}`,
  folderMenu: (id) => `relation-folder-menu-${id}`,
  dragFolder: (id) => `drag-relation-folder-${id}`,
  item: (id) => `relation-item-${id}`,
  itemMenu: (id) => `relation-menu-${id}`,
  dragItem: (id) => `drag-relation-${id}`,
};

/**
 * The relation-map sidebar (spec 02 §2 screen 10) on the shared folder tree: folders of the tab with
 * their maps, names cut at 14; with edit authority: new folder, folder menu (new map, generate from
 * dashboard, rename, delete) and map menu (edit, rename, share, delete).
 */
export function RelationSidebar({ tab }: { tab: RelationTab }) {
  const { rl } = useRelationTranslation();
  const feedback = Tree.useTreeFeedback();
  const navigate = useNavigate();
  const params = useParams();
  const activeMap = params.relation;
  const editAuth = useEditAuth(tab).editAuth;
  const query = useRelationProjects(tab);
  const mutations = useRelationMutations(tab);
  const tree = Tree.useFolderTree(relationTree, query.data, activeMap);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const folders = tree.folders;
  const closeDialog = () => setDialog(null);

  const folderActions = Tree.useFolderActions({
    texts: Tree.folderTexts(
      (key) => rl(`folder.${key}`),
      ({ name, id }) => {
        const count = folders.find((f) => f.projectId === id)?.relations.length ?? 0;
        return count > 0 ? rl('folder.deleteNotEmpty', { name, count }) : rl('folder.deleteContent', { name });
      },
    ),
    calls: {
      create: async (name) => (await mutations.createProject.mutateAsync(name)).projectId,
      rename: (projectId, name) => mutations.renameProject.mutateAsync({ projectId, name }),
      remove: (projectId) => mutations.deleteProject.mutateAsync(projectId),
    },
    expand: tree.expand,
    afterDelete: (projectId) => {
      if (params.project === projectId) void navigate(relationPath(tab));
    },
  });

  const folderMenu = (folder: RelationFolder): Tree.TreeMenuEntry[] => {
    const rights = Tree.nodeRights(folder.name, editAuth);
    if (!rights.menu) return [];
    const ref = { id: folder.projectId, name: folder.name };
    return [
      { key: 'add-map', label: rl('menu.addMap'), testId: 'menu-add-relation', onSelect: () => setDialog({ kind: 'addMap', folder }) },
      { key: 'generate', label: rl('menu.generate'), testId: 'menu-generate-relation', onSelect: () => setDialog({ kind: 'generate', folder }) },
      { divider: true },
      { key: 'rename', label: rl('menu.rename'), testId: 'menu-rename', disabled: !rights.rename, onSelect: () => folderActions.rename(ref) },
      { key: 'delete', label: rl('menu.delete'), testId: 'menu-delete', danger: true, disabled: !rights.delete, onSelect: () => folderActions.remove(ref) },
    ];
  };

  const mapMenu = (map: RelationItem): Tree.TreeMenuEntry[] => {
    if (!editAuth || !map.editAuth) return [];
    return [
      { key: 'edit', label: rl('menu.edit'), testId: 'menu-edit', onSelect: () => void navigate(relationPath(tab, map.projectId, map.relationId, true)) },
      { key: 'rename', label: rl('menu.rename'), testId: 'menu-rename', onSelect: () => setDialog({ kind: 'rename', map }) },
      { key: 'share', label: rl('menu.share'), testId: 'menu-share', onSelect: () => setDialog({ kind: 'share', map }) },
      { divider: true },
      { key: 'delete', label: rl('menu.delete'), testId: 'menu-delete', danger: true, onSelect: () => confirmDeleteMap(map) },
    ];
  };

  const confirmDeleteMap = (map: RelationItem) =>
    feedback.confirmDelete({
      title: rl('map.deleteTitle'),
      content: rl('map.deleteContent', { name: map.name }),
      run: () => mutations.remove.mutateAsync(map.relationId),
      done: rl('map.deleted'),
      after: () => {
        if (map.relationId === activeMap) void navigate(relationPath(tab));
      },
    });

  return (
    <Tree.FolderTree
      shape={relationTree}
      state={tree}
      query={query}
      rootTestId={`relation-sidebar-${tab}`}
      testIds={TEST_IDS}
      texts={Tree.treeTexts((key) => rl(`sidebar.${key}`), { title: rl('sidebar.title'), itemMenu: rl('sidebar.mapMenu') })}
      cut={{ folder: DISPLAY_CUT.folder, item: DISPLAY_CUT.relation }}
      itemIcon={<ApartmentOutlined className="bi-tree__icon" aria-hidden="true" />}
      activeItemId={activeMap}
      canDragFolders={false}
      canDragItem={() => false}
      folderMenu={folderMenu}
      itemMenu={mapMenu}
      itemAttributes={(map) => ({ 'data-relation-id': map.relationId })}
      onOpenItem={(map) => void navigate(relationPath(tab, map.projectId, map.relationId))}
      onDrop={() => undefined}
      actions={editAuth ? [{ key: 'create-folder', icon: <FolderAddOutlined />, label: rl('sidebar.createFolder'), testId: 'relation-create-folder', onClick: folderActions.create }] : []}
    >
      {folderActions.dialogs}
      {dialog?.kind === 'addMap' ? (
        <Tree.NameDialog
          open
          title={rl('map.createTitle')}
          inputTestId="relation-name-input"
          onClose={closeDialog}
          onSubmit={async (name) => {
            const map = await mutations.create.mutateAsync({ projectId: dialog.folder.projectId, name });
            tree.expand(dialog.folder.projectId);
            feedback.success(rl('map.created'));
            void navigate(relationPath(tab, map.projectId, map.relationId, true));
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <Tree.NameDialog
          open
          title={rl('map.renameTitle')}
          initialName={dialog.map.name}
          inputTestId="relation-name-input"
          onClose={closeDialog}
          onSubmit={async (name) => {
            await mutations.rename.mutateAsync({ relationId: dialog.map.relationId, name });
            feedback.success(rl('map.renamed'));
          }}
        />
      ) : null}
      {dialog?.kind === 'generate' ? (
        <GenerateDialog
          tab={tab}
          folder={dialog.folder}
          onClose={closeDialog}
          onGenerated={(map) => {
            tree.expand(map.projectId);
            void navigate(relationPath(tab, map.projectId, map.relationId));
          }}
        />
      ) : null}
      <RelationShareDialog target={dialog?.kind === 'share' ? dialog.map : null} onClose={closeDialog} />
    </Tree.FolderTree>
  );
}
