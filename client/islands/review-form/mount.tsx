import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { ReviewForm } from './review-form.js';

/** `data-island="review-form"`: props itemId, title; token and open on the review-request page (209). */
const mount: MountIsland = (el, props) => {
  renderIsland(
    el,
    <ReviewForm
      itemId={String(props.itemId)}
      title={String(props.title ?? '')}
      token={typeof props.token === 'string' ? props.token : undefined}
      open={props.open === true}
    />,
  );
};
export default mount;
