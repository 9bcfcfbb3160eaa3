import { addMessages } from '../i18n/language';
import de from '../locales/portal.de.json';
import en from '../locales/portal.en.json';

/** The signed-in pages' texts, registered when their chunk loads (before any of them renders). */
addMessages({ en, de });
