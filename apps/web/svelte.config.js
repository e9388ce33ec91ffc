/** @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig} */
export default {
  compilerOptions: {
    // Svelte 5 runes everywhere: $state, $derived, $effect, $props.
    runes: true,
  },
};
