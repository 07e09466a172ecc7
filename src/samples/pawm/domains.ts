/**
 * Task worlds for the PAWM sample release: what an agent does in ScienceWorld (text-based science
 * experiments) and WebArena-Lite (web tasks on shopping-admin, shopping, GitLab, Reddit and map
 * sites), written so that actions and guidance read like real logs.
 *
 * A `Move` is an ordinary action; a `Pitfall` is an action that goes wrong in a known way unless a
 * prerequisite is met first (the world model's guidance names the prerequisite, and an agent that
 * heeds it switches to `fixCmd`).
 */

export interface Move {
  /** the command as the agent issues it */
  cmd: string;
  /** gerund phrase: "opening the freezer" */
  act: string;
  /** imperative phrase: "open the freezer" */
  imp: string;
}

export interface Pitfall {
  cmd: string;
  act: string;
  /** gerund phrase for what must happen first: "activating the stove" */
  prereq: string;
  /** imperative for it: "activate the stove" */
  fix: string;
  fixCmd: string;
  /** the object that does not change */
  obj: string;
  /** the state it stays in */
  state: string;
}

export interface Topic {
  id: string;
  /** the task goal as the task statement gives it */
  goal: string;
  /** milestones, as noun phrases usable after "toward" */
  subgoals: string[];
  objects: string[];
  places: string[];
  moves: Move[];
  pitfalls: Pitfall[];
  /** what a successful step typically shows (for next-observation predictions) */
  sights: string[];
}

const m = (cmd: string, act: string, imp: string): Move => ({ cmd, act, imp });
const p = (cmd: string, act: string, prereq: string, fix: string, fixCmd: string, obj: string, state: string): Pitfall => ({
  cmd,
  act,
  prereq,
  fix,
  fixCmd,
  obj,
  state,
});

export const SCIENCEWORLD: Topic[] = [
  {
    id: 'boil',
    goal: 'boil water',
    subgoals: ['heating the water', 'getting the water into the pot', 'reaching the boiling point'],
    objects: ['metal pot', 'water', 'stove', 'sink', 'thermometer'],
    places: ['kitchen', 'hallway', 'living room'],
    moves: [
      m('go to kitchen', 'going to the kitchen', 'go to the kitchen'),
      m('pick up metal pot', 'picking up the metal pot', 'pick up the metal pot'),
      m('move metal pot to sink', 'moving the metal pot to the sink', 'put the metal pot in the sink'),
      m('activate sink', 'turning on the sink', 'turn on the sink'),
      m('look at metal pot', 'looking at the metal pot', 'look at the metal pot'),
      m('use thermometer on water', 'measuring the water temperature', 'measure the water with the thermometer'),
      m('look around', 'looking around', 'look around the room'),
    ],
    pitfalls: [
      p('wait1', 'waiting', 'activating the stove', 'activate the stove', 'activate stove', 'water', 'at room temperature'),
      p(
        'activate stove',
        'turning on the stove',
        'moving the metal pot onto the stove',
        'put the metal pot on the stove',
        'move metal pot to stove',
        'water',
        'cold',
      ),
      p(
        'focus on water',
        'focusing on the water',
        'getting the water into the metal pot',
        'fill the metal pot at the sink',
        'move metal pot to sink',
        'water',
        'in the sink',
      ),
      p(
        'move metal pot to stove',
        'moving the metal pot to the stove',
        'filling the pot with water',
        'fill the metal pot',
        'activate sink',
        'metal pot',
        'empty',
      ),
    ],
    sights: ['the water is in the metal pot', 'the stove is now on', 'the thermometer reads 21 degrees', 'a metal pot and a sink are nearby'],
  },
  {
    id: 'melt',
    goal: 'melt ice',
    subgoals: ['warming the ice', 'moving the ice next to a heat source', 'checking the melting'],
    objects: ['ice cube', 'freezer', 'tin cup', 'oven', 'counter'],
    places: ['kitchen', 'workshop'],
    moves: [
      m('open freezer', 'opening the freezer', 'open the freezer'),
      m('pick up ice cube', 'picking up the ice cube', 'take the ice cube'),
      m('move ice cube to tin cup', 'putting the ice cube in the tin cup', 'put the ice cube in the tin cup'),
      m('look at tin cup', 'looking at the tin cup', 'check the tin cup'),
      m('go to kitchen', 'going to the kitchen', 'go to the kitchen'),
    ],
    pitfalls: [
      p('pick up ice cube', 'taking the ice cube', 'opening the freezer', 'open the freezer', 'open freezer', 'freezer', 'closed'),
      p('wait', 'waiting', 'moving the tin cup into the oven', 'move the tin cup into the oven', 'move tin cup to oven', 'ice cube', 'solid'),
      p('activate oven', 'turning on the oven', 'putting the tin cup inside it', 'place the tin cup in the oven', 'move tin cup to oven', 'ice cube', 'frozen'),
      p('focus on ice cube', 'focusing on the ice cube', 'starting to heat it', 'heat the tin cup', 'move tin cup to oven', 'ice cube', 'solid'),
    ],
    sights: ['the freezer is now open', 'the ice cube is in the tin cup', 'the oven is on', 'an ice cube and a tin cup are on the counter'],
  },
  {
    id: 'temperature',
    goal: 'measure the temperature of an unknown substance',
    subgoals: ['finding the thermometer', 'locating the unknown substance', 'taking the reading'],
    objects: ['thermometer', 'unknown substance B', 'beaker', 'table'],
    places: ['workshop', 'kitchen', 'art studio'],
    moves: [
      m('go to workshop', 'going to the workshop', 'go to the workshop'),
      m('pick up thermometer', 'picking up the thermometer', 'pick up the thermometer'),
      m('look at table', 'looking at the table', 'look at the table'),
      m('examine unknown substance B', 'examining the unknown substance', 'examine the unknown substance'),
      m('inventory', 'checking the inventory', 'check the inventory'),
    ],
    pitfalls: [
      p(
        'use thermometer on unknown substance B',
        'measuring the substance',
        'picking up the thermometer',
        'pick up the thermometer',
        'pick up thermometer',
        'unknown substance B',
        'unmeasured',
      ),
      p(
        'focus on thermometer',
        'focusing on the thermometer',
        'finding the substance you must measure',
        'focus on the unknown substance',
        'focus on unknown substance B',
        'task',
        'incomplete',
      ),
      p(
        'move unknown substance B to beaker',
        'pouring the substance into the beaker',
        'checking whether the beaker is empty',
        'empty the beaker',
        'look at beaker',
        'beaker',
        'full',
      ),
    ],
    sights: ['the thermometer reads 56 degrees', 'you are holding the thermometer', 'the unknown substance is on the table'],
  },
  {
    id: 'plant',
    goal: 'grow a plant from a seed',
    subgoals: ['planting the seed', 'watering the soil', 'waiting for the plant to grow'],
    objects: ['seed', 'flower pot', 'soil', 'watering can', 'shovel'],
    places: ['greenhouse', 'outside', 'hallway'],
    moves: [
      m('go to greenhouse', 'going to the greenhouse', 'go to the greenhouse'),
      m('pick up seed', 'picking up the seed', 'pick up the seed'),
      m('move soil to flower pot', 'putting soil in the flower pot', 'put soil in the flower pot'),
      m('look at flower pot', 'looking at the flower pot', 'look at the flower pot'),
      m('pick up shovel', 'picking up the shovel', 'take the shovel'),
    ],
    pitfalls: [
      p(
        'move seed to flower pot',
        'planting the seed',
        'putting soil in the flower pot',
        'add soil to the flower pot',
        'move soil to flower pot',
        'seed',
        'unplanted',
      ),
      p('wait', 'waiting', 'watering the soil', 'water the flower pot', 'pour watering can into flower pot', 'seed', 'dormant'),
      p('focus on seed', 'focusing on the seed', 'checking which seed the task names', 'read the seed label', 'look at seed', 'task', 'unresolved'),
      p('go to outside', 'going outside', 'taking the seed with you', 'pick up the seed', 'pick up seed', 'seed', 'in the greenhouse'),
    ],
    sights: ['the seed is in the flower pot', 'the soil is moist', 'a small sprout is visible', 'a flower pot and a shovel are here'],
  },
  {
    id: 'conductivity',
    goal: 'test whether a metal fork conducts electricity',
    subgoals: ['building the circuit', 'connecting the fork', 'reading the light bulb'],
    objects: ['metal fork', 'battery', 'light bulb', 'red wire', 'black wire'],
    places: ['workshop', 'hallway'],
    moves: [
      m('go to workshop', 'going to the workshop', 'go to the workshop'),
      m('connect battery anode to red wire', 'wiring the battery anode', 'connect the battery anode to the red wire'),
      m('connect red wire to light bulb', 'wiring the light bulb', 'connect the red wire to the light bulb'),
      m('look at light bulb', 'looking at the light bulb', 'look at the light bulb'),
      m('pick up metal fork', 'picking up the metal fork', 'pick up the metal fork'),
    ],
    pitfalls: [
      p(
        'look at light bulb',
        'checking the light bulb',
        'closing the circuit through the fork',
        'connect the fork to the black wire',
        'connect metal fork to black wire',
        'light bulb',
        'off',
      ),
      p(
        'focus on metal fork',
        'focusing on the metal fork',
        'testing the circuit',
        'complete the circuit',
        'connect black wire to battery cathode',
        'task',
        'undecided',
      ),
      p(
        'connect metal fork to battery',
        'connecting the fork to the battery',
        'a wire between them',
        'use the red wire',
        'connect metal fork to red wire',
        'circuit',
        'open',
      ),
      p(
        'move metal fork to green box',
        'putting the fork in the green box',
        'observing the bulb',
        'look at the light bulb',
        'look at light bulb',
        'answer',
        'unverified',
      ),
    ],
    sights: ['the light bulb is on', 'the red wire is connected', 'the circuit is complete', 'a battery and a light bulb are on the table'],
  },
  {
    id: 'animal',
    goal: 'find a living thing and move it to the red box',
    subgoals: ['going outside', 'finding an animal', 'carrying it to the red box'],
    objects: ['frog', 'red box', 'butterfly', 'rock'],
    places: ['outside', 'hallway', 'kitchen'],
    moves: [
      m('open door to outside', 'opening the door to outside', 'open the door to outside'),
      m('go to outside', 'going outside', 'go outside'),
      m('look around', 'looking around', 'look around'),
      m('pick up frog', 'picking up the frog', 'pick up the frog'),
    ],
    pitfalls: [
      p('go to outside', 'going outside', 'opening the door', 'open the door to outside', 'open door to outside', 'door', 'closed'),
      p('focus on rock', 'focusing on the rock', 'finding a living thing', 'look for an animal', 'look around', 'task', 'failed'),
      p(
        'move frog to red box',
        'moving the frog to the red box',
        'carrying the red box here',
        'go to the hallway where the red box is',
        'go to hallway',
        'frog',
        'outside',
      ),
    ],
    sights: ['the door is open', 'a frog, a butterfly and a rock are outside', 'the frog is in your inventory'],
  },
  {
    id: 'paint',
    goal: 'create green paint',
    subgoals: ['collecting the paints', 'mixing them', 'checking the colour'],
    objects: ['blue paint', 'yellow paint', 'wood cup', 'paint mixer'],
    places: ['art studio', 'hallway'],
    moves: [
      m('go to art studio', 'going to the art studio', 'go to the art studio'),
      m('pour blue paint into wood cup', 'pouring the blue paint', 'pour the blue paint into the cup'),
      m('pour yellow paint into wood cup', 'pouring the yellow paint', 'pour the yellow paint into the cup'),
      m('look at wood cup', 'looking at the wood cup', 'look at the wood cup'),
    ],
    pitfalls: [
      p('mix wood cup', 'mixing the cup', 'adding the yellow paint', 'pour the yellow paint in', 'pour yellow paint into wood cup', 'wood cup', 'blue'),
      p('focus on blue paint', 'focusing on the blue paint', 'mixing the green paint', 'mix the two paints', 'mix wood cup', 'task', 'incomplete'),
      p(
        'pour blue paint into paint mixer',
        'pouring into the paint mixer',
        'checking that the mixer is empty',
        'use the wood cup',
        'pour blue paint into wood cup',
        'paint mixer',
        'full of red paint',
      ),
    ],
    sights: ['the wood cup holds blue paint', 'the cup now contains green paint', 'blue and yellow paint are on the shelf'],
  },
  {
    id: 'inclined',
    goal: 'determine which inclined plane has the most friction',
    subgoals: ['timing the first plane', 'timing the second plane', 'comparing the times'],
    objects: ['block', 'inclined plane A', 'inclined plane B', 'stopwatch'],
    places: ['workshop'],
    moves: [
      m('pick up stopwatch', 'picking up the stopwatch', 'take the stopwatch'),
      m('move block to inclined plane A', 'placing the block on plane A', 'put the block on plane A'),
      m('activate stopwatch', 'starting the stopwatch', 'start the stopwatch'),
      m('look at stopwatch', 'reading the stopwatch', 'read the stopwatch'),
    ],
    pitfalls: [
      p('move block to inclined plane A', 'releasing the block', 'starting the stopwatch', 'start the stopwatch', 'activate stopwatch', 'stopwatch', 'at zero'),
      p(
        'focus on inclined plane A',
        'focusing on plane A',
        'timing plane B as well',
        'time plane B',
        'move block to inclined plane B',
        'comparison',
        'incomplete',
      ),
      p('look at stopwatch', 'reading the stopwatch', 'waiting for the block to reach the bottom', 'wait a few steps', 'wait', 'block', 'halfway down'),
    ],
    sights: ['the stopwatch reads 4 seconds', 'the block slides down plane A', 'two inclined planes stand in the workshop'],
  },
  {
    id: 'lifecycle',
    goal: 'focus on the life stages of a frog in order',
    subgoals: ['finding the egg', 'finding the tadpole', 'finding the adult frog'],
    objects: ['frog egg', 'tadpole', 'frog', 'pond'],
    places: ['outside', 'greenhouse'],
    moves: [
      m('go to outside', 'going outside', 'go outside'),
      m('look at pond', 'looking at the pond', 'look at the pond'),
      m('look around', 'looking around', 'look around'),
    ],
    pitfalls: [
      p('focus on frog', 'focusing on the frog', 'focusing on the egg stage', 'focus on the frog egg', 'focus on frog egg', 'stage order', 'wrong'),
      p('focus on tadpole', 'focusing on the tadpole', 'the egg stage', 'start with the frog egg', 'focus on frog egg', 'stage order', 'broken'),
      p('pick up frog egg', 'picking up the egg', 'focusing on it', 'focus on the frog egg', 'focus on frog egg', 'egg', 'unrecorded'),
    ],
    sights: ['the pond holds frog eggs', 'a tadpole swims in the pond', 'an adult frog sits nearby'],
  },
  {
    id: 'chemistry',
    goal: 'make salt water',
    subgoals: ['finding the sodium chloride', 'adding it to water', 'mixing the solution'],
    objects: ['sodium chloride', 'glass cup', 'water', 'cupboard'],
    places: ['kitchen', 'workshop'],
    moves: [
      m('open cupboard', 'opening the cupboard', 'open the cupboard'),
      m('pick up sodium chloride', 'taking the sodium chloride', 'take the sodium chloride'),
      m('move sodium chloride to glass cup', 'adding the salt to the cup', 'add the salt to the cup'),
      m('look at glass cup', 'looking at the glass cup', 'look at the glass cup'),
    ],
    pitfalls: [
      p('pick up sodium chloride', 'taking the salt', 'opening the cupboard', 'open the cupboard', 'open cupboard', 'cupboard', 'closed'),
      p('mix glass cup', 'mixing the cup', 'adding water to it', 'fill the glass cup with water', 'move glass cup to sink', 'glass cup', 'dry'),
      p('focus on sodium chloride', 'focusing on the salt', 'mixing the solution', 'mix the salt water', 'mix glass cup', 'task', 'unfinished'),
    ],
    sights: ['the cupboard is open', 'the glass cup contains salt water', 'sodium chloride is in the cupboard'],
  },
];

export const WEBARENA: Topic[] = [
  {
    id: 'admin-report',
    goal: 'report the total sales of 2022 from the admin panel',
    subgoals: ['opening the sales report', 'setting the report period', 'reading the yearly total'],
    objects: ['sales report', 'period dropdown', 'date filter', 'Show Report button'],
    places: ['Reports page', 'admin dashboard'],
    moves: [
      m('click [1287] "Reports"', 'clicking Reports', 'open the Reports menu'),
      m('click [1345] "Orders"', 'opening the Orders report', 'open the Orders report'),
      m('type [1502] "01/01/2022"', 'typing the start date', 'enter the start date'),
      m('click [1530] "Show Report"', 'clicking Show Report', 'click Show Report'),
      m('scroll [down]', 'scrolling down', 'scroll down'),
    ],
    pitfalls: [
      p(
        'click [1530] "Show Report"',
        'clicking Show Report',
        'setting the period to Year',
        'set the period to Year',
        'select_option [1511] "Year"',
        'report',
        'filtered by day',
      ),
      p('stop ["$12,340"]', 'answering now', 'summing every row of the table', 'scroll down to the total row', 'scroll [down]', 'answer', 'partial'),
      p(
        'type [1502] "2022"',
        'typing the year',
        'using the date format the field expects',
        'type the full date 01/01/2022',
        'type [1502] "01/01/2022"',
        'date filter',
        'invalid',
      ),
    ],
    sights: ['the report shows 12 rows', 'the period is set to Year', 'the total row reads $148,920'],
  },
  {
    id: 'admin-product',
    goal: 'update the price of a product',
    subgoals: ['finding the product', 'editing the price', 'saving the change'],
    objects: ['product grid', 'price field', 'Save button', 'search box'],
    places: ['Catalog page', 'product edit page'],
    moves: [
      m('click [902] "Catalog"', 'opening the Catalog', 'open the Catalog'),
      m('type [955] "Zoe Tank"', 'searching for the product', 'search for the product'),
      m('click [1044] "Edit"', 'opening the edit page', 'open the edit page'),
      m('type [1120] "29.00"', 'typing the new price', 'enter the new price'),
    ],
    pitfalls: [
      p('go_back', 'going back', 'saving the form', 'click Save', 'click [1188] "Save"', 'price', 'unsaved'),
      p('click [1188] "Save"', 'clicking Save', 'filling the required SKU field', 'fill in the SKU field', 'type [1131] "MT07"', 'form', 'unsaved'),
      p(
        'click [1044] "Edit"',
        'opening this row',
        'clearing the old search filter',
        'reset the filter',
        'click [960] "Clear all"',
        'product grid',
        'filtered to another item',
      ),
    ],
    sights: ['the product grid lists 3 matches', 'the price field shows 34.00', 'a message says the product has been saved'],
  },
  {
    id: 'admin-orders',
    goal: 'find the customer with the most canceled orders',
    subgoals: ['filtering canceled orders', 'grouping by customer', 'reading the top customer'],
    objects: ['orders grid', 'status filter', 'customer column'],
    places: ['Sales page', 'Orders page'],
    moves: [
      m('click [811] "Sales"', 'opening Sales', 'open Sales'),
      m('click [833] "Orders"', 'opening Orders', 'open Orders'),
      m('click [870] "Filters"', 'opening the filters', 'open the filters'),
      m('click [920] "Customer"', 'sorting by customer', 'sort by customer'),
    ],
    pitfalls: [
      p(
        'click [920] "Customer"',
        'sorting by customer',
        'applying the Canceled status filter',
        'apply the status filter',
        'select_option [884] "Canceled"',
        'orders grid',
        'unfiltered',
      ),
      p('stop ["Grace Nguyen"]', 'answering', 'checking the second page of results', 'open page 2', 'click [960] "Next"', 'count', 'incomplete'),
      p(
        'click [899] "Apply Filters"',
        'applying the filters',
        'choosing a status',
        'choose Canceled in the status list',
        'select_option [884] "Canceled"',
        'grid',
        'unchanged',
      ),
    ],
    sights: ['the grid shows 37 canceled orders', 'the filters panel is open', 'orders are sorted by customer'],
  },
  {
    id: 'shop-cart',
    goal: 'add the cheapest blue running shoe in size 9 to the cart',
    subgoals: ['searching the catalog', 'choosing size and colour', 'adding to the cart'],
    objects: ['search results', 'size selector', 'Add to Cart button', 'cart'],
    places: ['product page', 'search results page'],
    moves: [
      m('type [301] "running shoe"', 'searching for running shoes', 'search for running shoes'),
      m('click [388] "Sort by Price"', 'sorting by price', 'sort the results by price'),
      m('click [412] "Aero Runner"', 'opening the product', 'open the product page'),
      m('click [455] "Blue"', 'choosing blue', 'choose the blue colour'),
    ],
    pitfalls: [
      p('click [470] "Add to Cart"', 'clicking Add to Cart', 'choosing a size', 'select size 9', 'click [461] "9"', 'cart', 'empty'),
      p('click [412] "Aero Runner"', 'opening the first result', 'sorting by price', 'sort by price', 'click [388] "Sort by Price"', 'results', 'unsorted'),
      p('stop ["done"]', 'stopping', 'checking the cart', 'open the cart to confirm', 'click [210] "Cart"', 'cart', 'unconfirmed'),
    ],
    sights: ['the cart shows 1 item', 'results are sorted by price', 'the size 9 button is selected'],
  },
  {
    id: 'shop-history',
    goal: 'report how much was spent on the order from March 2023',
    subgoals: ['opening the order history', 'finding the March order', 'reading the total'],
    objects: ['order history', 'order list', 'order total'],
    places: ['My Account page', 'order page'],
    moves: [
      m('click [120] "My Account"', 'opening My Account', 'open My Account'),
      m('click [144] "My Orders"', 'opening My Orders', 'open My Orders'),
      m('click [188] "View Order"', 'opening the order', 'open the order'),
      m('scroll [down]', 'scrolling down', 'scroll down'),
    ],
    pitfalls: [
      p('click [144] "My Orders"', 'opening My Orders', 'signing in', 'sign in', 'click [101] "Sign In"', 'page', 'logged out'),
      p('stop ["$61.20"]', 'answering', 'including the shipping cost', 'read the Grand Total line', 'scroll [down]', 'answer', 'missing shipping'),
      p(
        'click [188] "View Order"',
        'opening this order',
        'going to page 2 where March is listed',
        'open page 2',
        'click [201] "2"',
        'order list',
        'on the first page',
      ),
    ],
    sights: ['the order list shows 10 orders', 'the Grand Total reads $64.70', 'you are signed in'],
  },
  {
    id: 'gitlab-issue',
    goal: 'open an issue in the project with the given title and label',
    subgoals: ['opening the project', 'filling the issue form', 'adding the label'],
    objects: ['issue form', 'title field', 'labels dropdown', 'Create issue button'],
    places: ['project page', 'New issue page'],
    moves: [
      m('click [540] "Issues"', 'opening Issues', 'open Issues'),
      m('click [566] "New issue"', 'starting a new issue', 'start a new issue'),
      m('type [590] "Broken link in README"', 'typing the title', 'type the title'),
      m('click [640] "Labels"', 'opening the labels dropdown', 'open the labels dropdown'),
    ],
    pitfalls: [
      p('click [700] "Create issue"', 'creating the issue', 'adding the bug label', 'pick the bug label', 'click [648] "bug"', 'issue', 'unlabelled'),
      p(
        'click [540] "Issues"',
        'opening Issues here',
        'switching to the right project',
        'open the a11y-syntax-highlighting project',
        'click [402] "a11y-syntax-highlighting"',
        'project',
        'wrong',
      ),
      p(
        'type [590] "broken link"',
        'typing the title',
        'copying the exact title from the task',
        'type the exact title',
        'type [590] "Broken link in README"',
        'title',
        'wrong',
      ),
    ],
    sights: ['the New issue form is open', 'the bug label is selected', 'the issue #23 was created'],
  },
  {
    id: 'gitlab-member',
    goal: 'add a user as a Developer to the repository',
    subgoals: ['opening the members page', 'inviting the user', 'setting the role'],
    objects: ['members page', 'Invite members button', 'role dropdown', 'username field'],
    places: ['project settings', 'Members page'],
    moves: [
      m('click [610] "Project information"', 'opening Project information', 'open Project information'),
      m('click [622] "Members"', 'opening Members', 'open Members'),
      m('click [650] "Invite members"', 'clicking Invite members', 'click Invite members'),
      m('type [671] "byteblaze"', 'typing the username', 'type the username'),
    ],
    pitfalls: [
      p(
        'click [690] "Invite"',
        'clicking Invite',
        'setting the role to Developer',
        'choose Developer in the role dropdown',
        'select_option [680] "Developer"',
        'role',
        'Guest',
      ),
      p(
        'click [650] "Invite members"',
        'clicking Invite members',
        'opening the right repository',
        'go to the repository',
        'click [402] "dotfiles"',
        'members page',
        'for another project',
      ),
      p('type [671] "byte blaze"', 'typing the name', 'using the exact username', 'type byteblaze', 'type [671] "byteblaze"', 'search', 'empty'),
    ],
    sights: ['the Members page lists 4 users', 'the invite dialog is open', 'byteblaze is now a Developer'],
  },
  {
    id: 'reddit-post',
    goal: 'post a question in the books forum',
    subgoals: ['opening the forum', 'writing the post', 'submitting it'],
    objects: ['forum list', 'title field', 'body field', 'Submit button'],
    places: ['Forums page', 'Submit page'],
    moves: [
      m('click [77] "Forums"', 'opening Forums', 'open Forums'),
      m('click [98] "books"', 'opening the books forum', 'open the books forum'),
      m('click [130] "Submit"', 'opening the submit form', 'open the submit form'),
      m('type [150] "Any good sci-fi?"', 'typing the title', 'type the title'),
    ],
    pitfalls: [
      p(
        'click [190] "Submit"',
        'submitting',
        'filling the body field',
        'write the body text',
        'type [160] "Looking for recommendations"',
        'post',
        'unsubmitted',
      ),
      p('click [130] "Submit"', 'opening the submit form', 'choosing the books forum', 'open the books forum', 'click [98] "books"', 'forum', 'wrong'),
      p('click [190] "Submit"', 'submitting again', 'waiting out the rate limit', 'wait a moment before submitting', 'scroll [up]', 'post', 'rejected'),
    ],
    sights: ['the books forum is open', 'the post appears at the top', 'the submit form is open'],
  },
  {
    id: 'reddit-vote',
    goal: 'upvote the newest post in the forum',
    subgoals: ['sorting by new', 'finding the newest post', 'upvoting it'],
    objects: ['sort menu', 'post list', 'upvote arrow'],
    places: ['forum page'],
    moves: [
      m('click [77] "Forums"', 'opening Forums', 'open Forums'),
      m('click [240] "Sort"', 'opening the sort menu', 'open the sort menu'),
      m('click [246] "New"', 'sorting by new', 'sort by new'),
    ],
    pitfalls: [
      p('click [260] "Upvote"', 'upvoting', 'sorting by new', 'sort the posts by new', 'click [246] "New"', 'vote', 'on an old post'),
      p('click [260] "Upvote"', 'upvoting', 'logging in', 'log in', 'click [20] "Log in"', 'vote', 'not counted'),
    ],
    sights: ['posts are sorted by new', 'the upvote count is now 12', 'the forum page is open'],
  },
  {
    id: 'map-route',
    goal: 'find the driving time between two places',
    subgoals: ['opening directions', 'entering both places', 'reading the time'],
    objects: ['directions panel', 'From field', 'To field', 'route summary'],
    places: ['map page', 'directions panel'],
    moves: [
      m('click [33] "Directions"', 'opening directions', 'open directions'),
      m('type [41] "Carnegie Mellon University"', 'typing the start', 'type the start place'),
      m('type [45] "Pittsburgh Airport"', 'typing the destination', 'type the destination'),
      m('click [52] "Go"', 'clicking Go', 'click Go'),
    ],
    pitfalls: [
      p('stop ["25 min"]', 'answering', 'switching the mode to car', 'choose the car mode', 'select_option [48] "Car (OSRM)"', 'route', 'for walking'),
      p('click [52] "Go"', 'clicking Go', 'entering the destination', 'type the destination', 'type [45] "Pittsburgh Airport"', 'To field', 'empty'),
    ],
    sights: ['the route summary shows 24 km', 'directions are open', 'the mode is Car'],
  },
];
