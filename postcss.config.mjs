/** Tailwind CSS 4 runs as a PostCSS plugin; Rsbuild picks this file up for every environment with CSS. */
export default {
  plugins: {
    '@tailwindcss/postcss': {},
  },
};
