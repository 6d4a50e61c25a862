import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/**
 * The one modal of the app: a centred Chakra dialog (role 'dialog', named by its title) with a header,
 * a body, an optional footer and the corner 'Close' button (aria-label 'Close'). It mounts when it first
 * opens and unmounts when closed, so each opening starts fresh. Escape, the backdrop, the 'Close'
 * button and any `Dialog.ActionTrigger` in the footer all close it through `onOpenChange(false)` and
 * `onClose()`; the parent owns `open`.
 *
 * - `title`: shown in the header and used as the dialog's accessible name; leave it out for a
 *   picture-only dialog (no header then).
 * - `onSubmit`: wraps header, body and footer in one `<form noValidate>`, so a submit button in the
 *   footer and Enter in a field both submit it.
 * - `bodyProps` / `footerProps`: spacing or alignment for the body and footer.
 */
export function AppDialog({
  open,
  onOpenChange,
  onClose,
  title,
  children,
  footer,
  size,
  onSubmit,
  bodyProps,
  footerProps,
}: {
  open: boolean;
  /** Told every change the dialog asks for (in practice: false when it closes). */
  onOpenChange?: (open: boolean) => void;
  /** Called when the dialog closes. */
  onClose?: () => void;
  title?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: Dialog.RootProps['size'];
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  bodyProps?: Dialog.BodyProps;
  footerProps?: Dialog.FooterProps;
}) {
  const sections = (
    <>
      {title !== undefined && (
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
      )}
      <Dialog.Body {...bodyProps}>{children}</Dialog.Body>
      {footer != null && footer !== false && <Dialog.Footer {...footerProps}>{footer}</Dialog.Footer>}
    </>
  );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        onOpenChange?.(e.open);
        if (!e.open) onClose?.();
      }}
      placement="center"
      {...(size ? { size } : {})}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            {onSubmit ? (
              <form onSubmit={onSubmit} noValidate>
                {sections}
              </form>
            ) : (
              sections
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A footer button that closes the dialog: Cancel (outline) beside a submit, or Done/Close (brand) alone. */
export function DialogDismiss({
  children = 'Cancel',
  primary = false,
}: {
  children?: ReactNode;
  primary?: boolean;
}) {
  return (
    <Dialog.ActionTrigger asChild>
      <Button
        type="button"
        variant={primary ? 'solid' : 'outline'}
        colorPalette={primary ? 'brand' : undefined}
      >
        {children}
      </Button>
    </Dialog.ActionTrigger>
  );
}
