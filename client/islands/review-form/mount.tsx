import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { ReviewForm } from './review-form.js';
import { reviewFormTextsOf } from './review-form-texts.js';

/** `data-island="review-form"`: props itemId, title, texts (a page of an added language); token and open on the review-request page (209). */
const mount: MountIsland = (el, props) => {
  renderIsland(
    el,
    <ReviewForm
      itemId={String(props.itemId)}
      title={String(props.title ?? '')}
      token={typeof props.token === 'string' ? props.token : undefined}
      open={props.open === true}
      texts={reviewFormTextsOf(props.texts)}
    />,
  );
};
export default mount;
