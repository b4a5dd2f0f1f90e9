import { sourceKind, type SourceIconKey } from '@bi/rules';
import { ApartmentOutlined, ApiOutlined, ConsoleSqlOutlined, DatabaseOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Modal, Select } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DIALOG_CANCEL } from '../../../shared/components/testIds';
import { useModuleFlags } from '../hooks/useProjects';
import { useDsTranslation } from '../i18n';
import type { Project } from '../types';
import { availableSourceTypes, createPath, moduleAllowed, type SourceTypeKey } from '../utils/modules';
import { buildPath } from '../../../shared/routing/routes';
import { errorText } from './common';
import { PendingSpin } from '../../../shared/components/PendingSpin';

/** The indicator import entries (spec 02 §2 screen 4): dataType 1 (business-analysis system) and 5 (second provider). */
const INDICATOR_ENTRIES = [
  { key: 'indicator', search: '?dataType=1' },
  { key: 'indicatorYifei', search: '' },
] as const;

interface CreateSourceDialogProps {
  open: boolean;
  projects: readonly Project[];
  /** Folder chosen up front (the folder menu's entry, or the folder in the URL). */
  initialProjectId?: string;
  onClose: () => void;
}

/** The icon of each kind's entry (`icon` of libs/rules source-kinds.ts). */
const ICONS: Record<SourceIconKey, ReactNode> = {
  database: <DatabaseOutlined />,
  sql: <ConsoleSqlOutlined />,
  excel: <FileExcelOutlined />,
  join: <ApartmentOutlined />,
  api: <ApiOutlined />,
};

/**
 * The create-source dialog (spec 02 §2 screen 1): a folder and the source types the module flags
 * allow (GET get-shipment-modules-data/datasource), in the order of the source-kind registry. A type
 * opens its entry's create route in that folder: the SQL wizard for the database types, the upload
 * wizard for Excel, the join designer for multi-table join.
 */
export function CreateSourceDialog({ open, projects, initialProjectId, onClose }: CreateSourceDialogProps) {
  const { ds, t } = useDsTranslation();
  const navigate = useNavigate();
  const flags = useModuleFlags(open);
  const fallback = projects.find((p) => p.projectId === initialProjectId)?.projectId ?? projects[0]?.projectId;
  const [projectId, setProjectId] = useState<string | undefined>(fallback);

  useEffect(() => {
    if (open) setProjectId(fallback);
    // only when the dialog opens
  }, [open]);

  const types = availableSourceTypes(flags.data);
  const choose = (key: SourceTypeKey) => {
    if (!projectId) return;
    onClose();
    void navigate(createPath(key, projectId));
  };

  let body;
  if (projects.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="ds-create-no-folder">{ds('create.noFolder')}</span>} />;
  } else if (flags.isPending) {
    body = <PendingSpin />;
  } else if (flags.isError) {
    body = <Alert type="error" showIcon title={errorText(flags.error)} />;
  } else if (types.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="ds-create-no-types">{ds('create.noTypes')}</span>} />;
  } else {
    body = (
      <Form layout="vertical" component="div">
        <Form.Item label={ds('create.folder')} required>
          <Select
            data-testid="ds-create-folder-select"
            value={projectId}
            onChange={setProjectId}
            placeholder={ds('create.chooseFolder')}
            showSearch={{ optionFilterProp: 'label' }}
            options={projects.map((p) => ({ value: p.projectId, label: p.name, 'data-testid': `ds-create-folder-option-${p.projectId}` }))}
          />
        </Form.Item>
        <Form.Item label={ds('create.typesLabel')}>
          <div className="bi-ds-types" role="list">
            {types.map((type) => (
              <Button
                key={type.key}
                role="listitem"
                className="bi-ds-types__item"
                data-testid={`ds-type-${type.key}`}
                icon={ICONS[sourceKind(type.key).icon]}
                disabled={!projectId}
                onClick={() => choose(type.key)}
              >
                {ds(`types.${type.key}`)}
              </Button>
            ))}
            {/* the indicator imports (types 1 and 5) come with the ERP reports' flag; their wizard is one route, ?dataType=1 the business-analysis system */}
            {moduleAllowed(flags.data, 'e10report')
              ? INDICATOR_ENTRIES.map((entry) => (
                  <Button
                    key={entry.key}
                    role="listitem"
                    className="bi-ds-types__item"
                    data-testid={`ds-type-${entry.key}`}
                    icon={ICONS[sourceKind(entry.key).icon]}
                    disabled={!projectId}
                    onClick={() => {
                      if (!projectId) return;
                      onClose();
                      void navigate(`${buildPath('data_source_yifei', { project: projectId })}${entry.search}`);
                    }}
                  >
                    {ds(`types.${entry.key}`)}
                  </Button>
                ))
              : null}
          </div>
        </Form.Item>
      </Form>
    );
  }

  return (
    <Modal
      open={open}
      title={ds('create.title')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} {...DIALOG_CANCEL}>
          {t('common.cancel')}
        </Button>
      }
      destroyOnHidden
      width={520}
    >
      <div data-testid="ds-create-dialog">{body}</div>
    </Modal>
  );
}
