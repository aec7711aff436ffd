import { buttonClass } from '../../ui/buttons';
import { Modal } from '../../ui/Modal';
import { folderSummary } from './folder-summary';
import type { FolderNode } from './song-tree';

interface ConfirmFolderDownloadProps {
  /** The folder asked about, null when closed. */
  folder: FolderNode | null;
  rootLabel: string;
  onCancel: () => void;
  onDownload: (node: FolderNode) => void;
}

/** Big folders ask first, naming their size; its own button then starts the download (a fresh click for the save dialog). */
export function ConfirmFolderDownload({ folder, rootLabel, onCancel, onDownload }: ConfirmFolderDownloadProps) {
  return (
    <Modal
      open={folder !== null}
      onClose={onCancel}
      title={`Download ${folder ? (folder.path === '' ? rootLabel : folder.name) : ''}?`}
      description={folder ? `${folderSummary(folder)} in one zip. It is saved as it arrives, so it needs that much free disk space, not memory.` : undefined}
      size="sm"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => {
              onCancel();
              if (folder) onDownload(folder);
            }}
          >
            Download
          </button>
        </>
      }
    />
  );
}
