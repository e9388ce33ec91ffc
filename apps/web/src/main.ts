import './csp';
import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { startServiceWorker } from './lib/pwa/register.svelte';
import { initialLanguage, loadLanguage } from './lib/i18n/index.svelte';
import { restoreTheme } from './lib/theme';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

// The shell in index.html (header, title, skeleton) is painted before any script; the app
// replaces it once its language has arrived, so nothing flashes untranslated.
restoreTheme();
await loadLanguage(initialLanguage);
target.replaceChildren();
export default mount(App, { target });
startServiceWorker();
