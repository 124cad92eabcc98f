/**
 * The spinning ring, drawn with Amplify UI's loader styles (loader.css) and none of its JavaScript. Decorative: the
 * text beside it (a button's loading text, a page loader's label) says what is happening.
 */
export function Loader({ size }: { size?: 'small' | 'large' }) {
  return (
    <svg className={size ? `amplify-loader amplify-loader--${size}` : 'amplify-loader'} aria-hidden="true" focusable="false">
      <g>
        <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" />
        <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" />
      </g>
    </svg>
  );
}
