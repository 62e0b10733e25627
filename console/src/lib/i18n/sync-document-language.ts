// Keeps `<html lang>` equal to the interface language, so assistive technology reads the page in
// the right voice; `uk`, not `ua`, because `lang` takes BCP 47 tags.
import type { i18n as I18n } from 'i18next';

export function syncDocumentLanguage(i18n: I18n, root: HTMLElement): () => void {
  const apply = (tag: string) => {
    root.lang = tag;
  };
  apply(i18n.resolvedLanguage ?? i18n.language);
  i18n.on('languageChanged', apply);
  return () => i18n.off('languageChanged', apply);
}
