import { assetUrl, fileLabel, isPreviewable, type FileRow } from './files-api.js';
import { t } from '../i18n/t.js';

/** A file's preview: a lazy-loaded cover thumbnail of an image (alt text from its title), else its type in a box. */
export function FileThumb({ file, size = 160 }: { file: FileRow; size?: number }) {
  if (isPreviewable(file.type)) {
    return (
      <img
        class="file-thumb"
        src={assetUrl(file.id, { size, modified: file.modified_on })}
        alt={fileLabel(file)}
        loading="lazy"
        width={size}
        height={size}
      />
    );
  }
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.filename_download)?.[1]?.toUpperCase();
  return (
    <span class="file-thumb file-kind" aria-hidden="true">
      {extension ?? file.type ?? t('File')}
    </span>
  );
}
