import { HistoryOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { HistoryKind } from '../api/history';
import { useHsTranslation } from '../i18n';
import { HistoryPanel } from './HistoryPanel';

type SourceHistoryKind = Extract<HistoryKind, 'fields' | 'rowRules' | 'join'>;

interface SourceHistoryButtonProps {
  source: { dataSourceId: string; name: string };
  /** a joined table: its definition has a history too */
  isJoin: boolean;
  /** row rules: shown to and restored by administrators (docs/api/revisions.md) */
  isAdmin: boolean;
  /** restore field settings / a join's definition: who may change the source */
  canRestore: boolean;
  /** after a restore: the page reloads the source */
  onRestored: () => void;
}

/**
 * The data-source page's "Versions" (issue 33): the history of the source's field settings, row rules
 * (administrators) and, for a joined table, its definition, each in the history panel.
 */
export function SourceHistoryButton({ source, isJoin, isAdmin, canRestore, onRestored }: SourceHistoryButtonProps) {
  const { hs } = useHsTranslation();
  const [open, setOpen] = useState<SourceHistoryKind | null>(null);
  const kinds: SourceHistoryKind[] = ['fields', ...(isAdmin ? (['rowRules'] as const) : []), ...(isJoin ? (['join'] as const) : [])];
  const items = kinds.map((kind) => ({ key: kind, label: <span data-testid={`ds-versions-${kind}`}>{hs(`sourceKinds.${kind}`)}</span>, onClick: () => setOpen(kind) }));
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items }} destroyOnHidden>
        <Button icon={<HistoryOutlined />} data-testid="ds-versions">
          {hs('versions')}
        </Button>
      </Dropdown>
      {open ? (
        <HistoryPanel
          tab="dashboard"
          kind={open}
          objectId={source.dataSourceId}
          name={source.name}
          canRestore={open === 'rowRules' ? isAdmin : canRestore}
          onClose={() => setOpen(null)}
          onRestored={onRestored}
        />
      ) : null}
    </>
  );
}
