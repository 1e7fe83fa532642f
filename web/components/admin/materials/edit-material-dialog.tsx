import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { MATERIAL_MESSAGES as MESSAGES } from '@contract/materials';
import type { Material } from '../../../api/admin-content';
import { materialWrites } from '../../../api/material-queries';
import { useWrite } from '../../../api/writes';
import { FormDialog } from '../../form-dialog';
import { TextField } from '../../../ui';
import { formatFileSize } from '../../../format';
import { t } from '../../../i18n';
import { errorText, declaredText } from '../../../i18n/error-text';

/** Edit Material: title and description; the file itself cannot be replaced. */
export function EditMaterialDialog({
  material,
  onClose,
  onSaved,
}: {
  material: Material | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const save = useWrite(materialWrites.update, { onSuccess: () => onSaved() });
  const { reset } = save;
  const busy = save.isPending;
  const error = save.isError ? errorText(save.error, t('admin.materials.updateFailed')) : null;

  useEffect(() => {
    if (!material) return;
    setTitle(material.title);
    setDescription(material.description ?? '');
    setTitleError(null);
    reset();
  }, [material, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!material) return;
    if (!title.trim()) {
      setTitleError(declaredText(MESSAGES.materialTitle));
      return;
    }
    save.mutate({ id: material.id, body: { title: title.trim(), description: description.trim() } });
  };

  return (
    <FormDialog
      open={material !== null}
      onClose={onClose}
      title={t('admin.materials.editTitle')}
      formId="edit-material-form"
      submitLabel={t('admin.materials.save')}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField
        label={t('admin.materials.field.title')}
        required
        value={title}
        error={titleError}
        onChange={(event) => {
          setTitle(event.target.value);
          if (titleError) setTitleError(null);
        }}
      />
      <TextField
        label={t('admin.materials.field.description')}
        multiline
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t('admin.materials.fileFixed', { file: material?.fileName ?? '', size: formatFileSize(material?.fileSize) })}
      </p>
    </FormDialog>
  );
}
