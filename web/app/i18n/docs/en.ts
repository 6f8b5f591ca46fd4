import type { DocsTexts } from './types';

const docs: DocsTexts = {
  articles: [
    {
      slug: "getting-started",
      title: "Getting started",
      summary: "Create your account, use the free trial, set up your companies and find your way around the dashboard and your projects.",
      sections: [
        {
          heading: "Creating your account",
          paragraphs: [
            "To create an account, switch from the sign-in screen to the sign-up form and enter your full name, your company, your email address and a password of at least 8 characters. The company you enter becomes your first company, and you are its Owner.",
            "Every new account starts on the 7-day free trial, and no credit card is needed. To compare plans first, choose View pricing plans: Start Free keeps you on the trial. If you pick a paid plan there, you go to checkout once your account is created; until the payment is complete, your account is on the free trial.",
            "The interface is available in English, Spanish and French. Choose your language with the language switcher at the top of the page.",
          ],
        },
        {
          heading: "The free trial and plans",
          paragraphs: [
            "While the trial runs, Trainwright tells you how many days are left. When it ends, a 7-day grace period follows in which nothing new can be generated, although you can still open, share and download what you made. Unless you upgrade, your files are deleted at the end of the grace period. The trial includes:",
          ],
          points: [
            "3 projects, 1 user and 1 company",
            "1 GB of storage and uploads of up to 10 MB",
            "3 downloads in total for the whole trial",
            "One AI generator method, Topic to Content, and 15 templates",
            "Content in English only, and no video generation",
          ],
        },
        {
          heading: "Upgrading and API access",
          paragraphs: [
            "To upgrade, choose a plan on the Billing page. Professional costs $29, Business $79 and Enterprise $199 a month, and annual billing saves 20%. An upgrade takes effect at once. A downgrade takes effect at the end of the billing period, and only if your usage fits the lower plan.",
            "Enterprise plans include API access. The API reference is at /api/docs, and API clients authenticate with a bearer token in the Authorization header.",
          ],
        },
        {
          heading: "Companies",
          paragraphs: [
            "Your projects, the templates you create, the glossary and the team belong to a company, and you only see the projects of companies you are a member of. A company follows the plan of its Owner: its limits, seats and features come from the Owner's subscription.",
            "Choose Manage Companies on the dashboard to see your companies, move to another one with Switch, or create one with Add Company. A company needs a name; its website and logo URL are optional and must be full addresses starting with http:// or https://.",
            "You can own 1 company on Free Trial and Professional, 3 on Business and 10 on Enterprise. Companies you joined as a member do not count. The Owner can rename the current company in Profile Settings.",
          ],
        },
        {
          heading: "The dashboard, the sample and your projects",
          paragraphs: [
            "The dashboard has three buttons: Create Project, Browse Templates and Manage Companies. Cards show the users of your current company against its limit, the companies you own against your plan's limit, and your subscription with Upgrade Plan. Below, Training Projects lists your projects with the Total Projects and Completed figures.",
            "Every new account gets a finished sample project, Welcome Training. Its files are made like any other project's, so you can preview and download them to see what Trainwright produces. The sample does not count toward your plan's project limit.",
            "My Projects lists every project of the companies you belong to, grouped by company, 20 a page. Search looks in titles and descriptions, and you can filter by status and type. Cards update live and show the status, a progress bar per stage, and the quality score once there is one.",
            "The card menu holds Download files, Multi-language, Copy link, SCORM Export and more.",
            "Create Project opens the form, where you choose one of four project types:",
          ],
          points: [
            "Script to Slides: write or upload a script; slides are made from it.",
            "Slides to Script: type or upload your slides; a narration script is written for them.",
            "Software Analysis: describe software; training for it is made.",
            "AI Content Generator: AI writes the material from a topic, a web page or a document.",
          ],
        },
      ],
    },
    {
      slug: "script-and-slide-formats",
      title: "Writing scripts and slide text",
      summary: "How to write slide text and scripts so that every title, point and note is read the way you mean it.",
      sections: [
        {
          heading: "Two text formats",
          paragraphs: [
            "Trainwright reads two text formats. Slide text describes slides: their titles, points and what is said over each one. A script describes a narration: scenes, transitions and spoken lines. You can type either one in the editor of the Create Project form or upload a file.",
            "The editor's toolbar inserts the markers for you: Slide, Content, Speaker Notes and Bullet, and for scripts also Scene, Transition and Narrator. The footer counts words, characters and lines. Show live preview displays your text as slides or as a script, chosen from what you typed.",
            "Script files can be .txt, .docx or .pdf, up to 100 MB. Slide files can be .pptx, .pdf, .png, .jpg or .jpeg, up to 200 MB. Your plan's upload limit applies when it is lower.",
          ],
        },
        {
          heading: "Slide text",
          paragraphs: [
            "A line starting with ## and a space starts a new slide; the rest of the line is its title. The lines that follow are the slide's content. **Content:** starts the content section explicitly, and **Speaker Notes:** or **Notes:** starts the notes. Text after a marker on the same line belongs to that section.",
            "In the content section, a line starting with a dash and a space, an asterisk and a space, or a number of one to three digits followed by a full stop and a space is a point. The number itself is not kept. An indented line right under a point continues it. Other lines are paragraphs, separated by blank lines.",
            "If the very first line is # and a title, it titles the whole deck. Markers ignore upper and lower case, and spaces around them do not matter. Text before the first ## line becomes an untitled first slide, so nothing is lost. On a slide, points are shown before paragraphs. An example:",
          ],
          points: [
            "# Workplace Safety (the deck title, first line only)",
            "## Introduction (starts a slide titled Introduction)",
            "**Content:** (starts the slide's content)",
            "- Welcome to the course (a point; * and 1. work too)",
            "A paragraph of slide text. (any other line)",
            "**Speaker Notes:** (starts what is said over the slide)",
            "Welcome everyone. Today we cover the basics. (the notes)",
          ],
        },
        {
          heading: "Speaker notes and trainer notes",
          paragraphs: [
            "Speaker notes are what is said over a slide. The narrated video speaks them, a script made from the slides is made of them, and SCORM packages and the shared page show them. Line breaks and blank lines inside the notes are kept.",
            "Trainer notes, started with **Trainer Notes:**, are for the presenter only. They appear in the PowerPoint notes pane and in the trainer notes of the PDF guide, the Word manual and the plain text, after the speaker notes. They are never narrated, never in subtitles or scripts, and never on the shared page or in a SCORM package.",
            "The offline engine puts its prompts for the trainer in the trainer notes, so they never reach learners. For example:",
          ],
          points: [
            "**Speaker Notes:** Every shift starts with a pre-use inspection. (spoken in the video)",
            "**Trainer Notes:** Ask the group about a recent near miss. (for the presenter only)",
          ],
        },
        {
          heading: "Scripts",
          paragraphs: [
            "[SCENE: text] starts a scene and [TRANSITION: text] marks a transition; each marker must fill its whole line. A line starting with NARRATOR: or SPEAKER: is spoken, and it continues on the following lines until a blank line or another marker. Any other text, including other names such as ANNA:, is a plain paragraph, for example a stage direction.",
            "When a script becomes slides, each scene becomes a slide titled with the scene text. Spoken lines become the slide's speaker notes, and each of their sentences also becomes a point. A slide holds at most 6 points; a longer scene continues on slides titled with (2), (3) and so on. Paragraphs go into the notes only, and transitions just separate slides.",
            "When slides become a script, each slide becomes a scene with its title, with [TRANSITION: Next slide] between slides. The narration comes from the speaker notes, never the trainer notes; a slide without notes is narrated from its points and then its paragraphs. An example script:",
          ],
          points: [
            "[SCENE: Introduction] (starts a scene, and a slide titled Introduction)",
            "NARRATOR: Welcome to the safety course. (a spoken line)",
            "This line continues the narration. (part of the line above)",
            "[TRANSITION: Fade to black] (separates scenes)",
          ],
        },
        {
          heading: "Tips and special cases",
          paragraphs: [
            "A script's format is recognised from its lines: a [SCENE: ...] or [TRANSITION: ...] line means a script; otherwise a ## line means slide text; otherwise a NARRATOR: or SPEAKER: line means a script; otherwise a section marker means slide text. So a Script to Slides script may be written as slide text, with speaker notes under each slide, and it is kept as written.",
            "Every output draws its own cover from the project's title and description, so you do not need a title slide. If your first slide only repeats the title, with no points or text, it is used as the cover and its notes become the cover's notes. The slides after the cover are numbered from 1, shown as 2 / 10.",
            "To write a line that would otherwise be read as a marker, start it with a backslash, which is removed. To start a line with a real backslash, type two.",
          ],
          points: [
            "\\## Agenda is shown as ## Agenda, not as a new slide.",
            "##Agenda, without a space, is text, and so is a line starting with ###.",
            "2024. was a good year is text, because the number has four digits.",
          ],
        },
      ],
    },
    {
      slug: "ai-content-generator",
      title: "AI Content Generator",
      summary: "Generate training material from a topic, a web page or a document, and check its quality with AI Quality Scoring.",
      sections: [
        {
          heading: "The six generation methods",
          paragraphs: [
            "In the Create Project form, choose AI Content Generator as the project type, then a generation method. Methods your plan does not include are shown as locked, with the plan that includes them.",
          ],
          points: [
            "Topic to Content: training material on a topic you describe. All plans.",
            "URL Extraction: training material from a web page. Professional and above.",
            "Assessment Generator: quiz questions from a document or text. Professional and above.",
            "Document Intelligence: training material from a document you upload. Business and above.",
            "Content Modernizer: an up-to-date version of existing material. Business and above.",
            "Learning Path Architect: modules that lead from one skill level to the next. Enterprise.",
          ],
        },
        {
          heading: "Options of each method",
          paragraphs: [
            "Only the source is required; every other option is optional. Content length aims at a delivery time: Short 2 to 5 minutes, Medium 8 to 15, Long 20 to 40, Extended 45 to 60. Output formats are Slides, Script, Bullet points, Paragraphs, Outline, Lesson plan, Handbook and Quick reference. Subtopics and learning objectives are entered one per line.",
          ],
          points: [
            "Topic to Content: Topic, Subtopics, Learning objectives, Content length, Output format, Writing style, Target audience, Industry, Complexity, Include examples, Include visual suggestions, Include assessments, Avoid typical AI phrases, Company context and Brand voice.",
            "URL Extraction: Web page address, Content focus, Transform to, Target length, Writing style and Target audience.",
            "Document Intelligence: Document, Analysis focus, Output format, Extract tables, Extract images and Create a glossary.",
            "Assessment Generator: a file or pasted text, 5, 10, 15 or 20 questions, Question types (Multiple choice, True / false, Scenario), Difficulty, Include explanations and Scenario-based questions.",
            "Content Modernizer: existing material as a file or pasted text, Content age, Modernize language, Update examples, Improve engagement, Keep the core concepts and Include industry updates.",
            "Learning Path Architect: Main topic, Starting and Target skill level, 3, 5, 7 or 10 modules, Include prerequisites, Include assessments, Practical application and Industry context.",
          ],
        },
        {
          heading: "Documents and web pages",
          paragraphs: [
            "Document Intelligence and the Assessment Generator read .pdf, .doc, .docx, .txt and .rtf files; the Content Modernizer also reads .ppt and .pptx. A document may be up to 100 MB, or less when your plan's upload limit is lower (25 MB on Professional). It counts toward your plan's storage.",
            "Text files must be saved as UTF-8. A PDF needs selectable text: a scanned image cannot be read. Remove any password before uploading. Old .doc and .ppt files need LibreOffice on the server; without it, upload .docx or .pdf.",
            "By default a document may have up to 2,000 pages or slides, and text beyond 2,000,000 characters is cut at a section boundary.",
            "URL Extraction reads a public web page whose address starts with http:// or https:// and takes its article text. If no readable article is found, the project fails with a message saying so.",
          ],
        },
        {
          heading: "How the content is written",
          paragraphs: [
            "By default Trainwright uses its offline engine, which works only on your own material and never adds facts. It builds slides from the sections of your source, with points, speaker notes, objectives, a summary and questions taken from the text. Given only a topic, it writes an outline with prompts for the trainer and says so.",
            "If your administrator has connected an AI model (any OpenAI-compatible service), the model writes the content. If the model fails, or its answer scores below 60 on the quality checks, the offline engine makes the content from the same input instead, and a notice says why.",
            "Under Made with AI, each result names the engine that made it, and How this content was made lists its notices. For Spanish and French material the offline engine uses simpler rules for objectives, section titles and questions, and asks you to review them. When the material supports fewer questions than requested, fewer come back, with a notice.",
          ],
        },
        {
          heading: "AI Quality Scoring",
          paragraphs: [
            "AI Quality Scoring, in the project card's menu, scores the content from 0 to 100 in six dimensions and recommends improvements. It needs Business or Enterprise, or the Enhanced AI Agent add-on ($15 a month) on Professional. Owners and Editors can score and apply improvements. The same content always gets the same score.",
            "Choose the desired atmosphere, the target audience and optional focus areas, then Analyze Quality. The overall score is the mean of the dimensions, with focus areas counted twice. It gets a grade: A from 90 (Excellent), B from 80 (Good), C from 70 (Fair), D from 60 (Needs work) and F below (Poor).",
            "Select recommendations, adjust them if you like, and choose Apply Selected Improvements. An enhanced version is created as a new project and your original is kept; it counts toward your project limit. Improvements add no facts, and no original sentence is lost: at worst it moves into the notes. The six dimensions:",
          ],
          points: [
            "Content quality: readability for the audience, long sentences, stock AI phrases, speaker notes and depth.",
            "Structure and flow: unique titles that name a topic, objectives near the start, a summary near the end, and balanced slides.",
            "Visual design: words per point, dense or text-heavy slides, template, fonts and image style, branding, and no visible markup.",
            "Educational effectiveness: objectives that are stated and covered, questions, a knowledge check, a summary and examples.",
            "Tone alignment: eight tone measures, such as contractions, questions and passive voice, against the chosen atmosphere.",
            "Technical accuracy: placeholders such as TODO, repeated sentences, terms or units written two ways, empty slides and unsound questions.",
          ],
        },
      ],
    },
    {
      slug: "exports-and-downloads",
      title: "Exports and downloads",
      summary: "The files Trainwright makes for each project, how downloads count on your plan, and how narrated video is paid for.",
      sections: [
        {
          heading: "What each file holds",
          paragraphs: [
            "When a project is completed, choose Download files in its card's menu, then a format, or press its number from 1 to 6. The PowerPoint slides, PDF guide, Word manual and plain text are made for every project; video exists for MP4 and MOV projects. Every file follows the project's template, font style, image style and branding.",
          ],
          points: [
            "PowerPoint slides: a title slide, then each slide with its title, points, a picture or an editable chart, its number, and the speaker notes followed by the trainer notes.",
            "PDF training guide: a cover, contents with page numbers, a section per slide with its visual and trainer notes, the objectives, the assessment with an answer key, and a glossary.",
            "Word training manual: a title page, a table of contents, numbered sections with their visuals and notes, glossary and answer-key tables, and a branded header and footer.",
            "Plain text: the title, objectives, each slide's title, points and notes, the questions with the answer key, and the glossary.",
            "Video (MP4) and Video (QuickTime MOV): the slides narrated from their speaker notes, with points appearing as they are said. The MOV is the same video in another container.",
          ],
        },
        {
          heading: "Downloads and plan limits",
          paragraphs: [
            "Downloads count against the plan of the company's Owner: 3 in total during the free trial, 25 a month on Professional, 100 a month on Business, and unlimited on Enterprise. Months are calendar months, and the Billing page shows how many you have used. Playing a video in Preview is not counted as a download.",
            "While an edited project is being made again, its last complete files stay downloadable, and the card says which version they are, for example Files: version 1 (version 2 is being prepared).",
          ],
        },
        {
          heading: "Narrated video: pay per use",
          paragraphs: [
            "Video is included from the Professional plan; the free trial makes slides and documents only. To get a video, choose MP4 video or MOV video as the project's visual format. The documents are ready first, and the card shows Video awaiting payment until the video is paid for.",
            "A narrated video is charged per minute of narration at your plan's rate: $1.00 on Professional, $0.60 on Business, $0.50 on Enterprise. Minutes are rounded up, with at least 1. Choose Pay for video: the Payment Required dialog shows the estimated length and cost, and you pay by card or with video credits.",
            "Video credits are bought on the Billing page, 1 to 100 at a time, at $2.50 each, and each pays $2.50 of video charges. If a render fails, you are not charged: the payment is refunded or the credits go back. Once the video is ready, both MP4 and MOV can be downloaded.",
            "Each video is paid for on its own: every language and every new version of the project. After an edit, your last paid video stays downloadable until the next paid one is ready.",
          ],
        },
        {
          heading: "Narration, voices and subtitles",
          paragraphs: [
            "The video speaks each slide's speaker notes; a slide without notes is narrated from its points. Trainer notes are never spoken. Choose the narration voice in the Voice Library, opened with AI Voices. Plans open 5 voices on Free Trial, 15 on Professional, 25 on Business and all of them on Enterprise.",
            "Clone Voice makes a voice for your company from 1 to 5 recordings in MP3, WAV, M4A or AAC, up to 10 MB each. When no voice-cloning service is connected, the samples tune a built-in voice to the speaker's pitch and speed, and the voice is labelled Matched.",
            "Every video carries its subtitles as a track that viewers can turn on. To draw them into the picture, so that they show in every player, tick Burn subtitles into the video when you create or edit an MP4 or MOV project.",
          ],
        },
      ],
    },
    {
      slug: "translation",
      title: "Translation",
      summary: "Translate a project into the languages of your plan, review the result and download every file in each language.",
      sections: [
        {
          heading: "Languages on each plan",
          paragraphs: [
            "The languages you can translate into depend on the plan of the company's Owner. A project can be translated once its content has been generated. Owners and Editors start and change translations; Commenters and Viewers can see them.",
          ],
          points: [
            "Free Trial: English only.",
            "Professional: English, Spanish and French.",
            "Business: adds German, Italian, Portuguese, Russian, Japanese, Korean and Chinese, 10 languages in all.",
            "Enterprise: adds Arabic, Hindi, Dutch, Swedish, Norwegian, Danish, Finnish, Polish, Turkish and Thai, 20 languages in all.",
          ],
        },
        {
          heading: "Translating a project",
          paragraphs: [
            "Choose Multi-language in the project card's menu. On Translate Content, tick the languages and choose Start Translation. Each language is translated in the background, and the card shows its progress. Languages already translated are ticked, and a note names those the translation engine cannot reach.",
            "Only text is translated. Slide and script markers, numbers, web and email addresses and placeholders come back exactly as written. The headings Trainwright writes itself, such as Learning objectives and Summary, use the product's own wording in English, Spanish and French.",
            "If the project's text changes after a translation was made, the Multi-Language dialog says so; translate it again to update it.",
          ],
        },
        {
          heading: "Translation engines",
          paragraphs: [
            "By default Trainwright translates offline with Apertium. From English it reaches Spanish directly, and French, Portuguese and Italian through Spanish; from Spanish, French, Portuguese or Italian it reaches the others and English. It is a rule-based engine: readable and literal, sometimes wrong, so review its work.",
            "The offline engine cannot translate into German, Russian, Japanese, Korean, Chinese, Arabic, Hindi, Dutch, Finnish, Polish, Turkish or Thai, nor from English into Danish, Norwegian or Swedish. An administrator can add these languages by connecting an AI translation model (any OpenAI-compatible service) or DeepL. Each translation names the engine that made it.",
          ],
        },
        {
          heading: "Reviewing and correcting",
          paragraphs: [
            "Manage Languages lists the project's languages with their status. A translation with words the engine did not know is marked Needs review: add each word to the glossary with its translation and choose Translate again, or fix the slide by hand with Edit.",
            "The Glossary page holds your company's terms, each kept as written, such as brand names, or always translated the same way. Members can read it; Owners and Editors change it.",
            "Edit changes the title, points and speaker notes of each translated slide. Download XLIFF exports a translation for review and Upload reviewed XLIFF brings it back. Set as primary makes a completed translation the project's own content and keeps the replaced text as a translation, so nothing is lost. Delete removes a translation and its files.",
          ],
        },
        {
          heading: "Files in each language",
          paragraphs: [
            "Each completed translation gets its own PowerPoint slides, PDF guide, Word manual and plain text, in the project's template and branding. Choose the language in the Download files dialog or in Preview. These downloads count like any other.",
            "A translation's narrated video is paid for on its own, per minute of that language's narration. It is spoken in a voice of that language, with subtitles in it. SCORM packages can be exported in a translated language too.",
          ],
        },
      ],
    },
    {
      slug: "scorm-and-lms",
      title: "SCORM, interactive video and sharing",
      summary: "Export training for a learning management system as SCORM 1.2, SCORM 2004 or cmi5, and share interactive videos and read-only links.",
      sections: [
        {
          heading: "SCORM packages",
          paragraphs: [
            "SCORM Export, in the project card's menu, builds a zip package that a learning management system (LMS) can import. It is included in the Enterprise plan. Owners and Editors export packages; every member can see and download them. Three versions are offered:",
          ],
          points: [
            "SCORM 1.2, the default",
            "SCORM 2004 4th Edition",
            "cmi5",
          ],
        },
        {
          heading: "Exporting a package",
          paragraphs: [
            "Enter a package name, which the LMS shows as the course title, and choose the SCORM version. You can add learning objectives and activities. For a project with completed translations, choose the language to package. Choose Export Package: the package is built in the background and appears in My Packages, where you download it once it is Ready.",
            "A package holds the project's slides, its generated assessment as a quiz, the template's colours and fonts, and the narrated video with captions when the project has one. It needs no network connection to run, and trainer notes are never included.",
          ],
        },
        {
          heading: "Tracking",
          paragraphs: [
            "With Include tracking, the LMS records completion, score, pass or fail, objectives and each answer. Complete when sets the rule: Slides viewed, Video watched, Quiz passed, or Viewed and quiz passed. The completion threshold says how much of the slides or video counts as viewed. The passing score is 80% unless you change it; an LMS's own mastery score overrides it.",
            "A project without assessment questions reports completion only, never passed or failed, so only Slides viewed and Video watched are offered. Statuses reported to the LMS sets the pair: Passed / Incomplete, Passed / Failed, Completed / Incomplete or Completed / Failed. Without tracking, the course only reports completion.",
          ],
        },
        {
          heading: "Interactive video",
          paragraphs: [
            "Interactive Video, in the project card's menu, lays hotspots, quizzes, calls to action (CTAs) and chapters over a project's narrated video. It is included from the Professional plan and needs a rendered narrated video. Owners and Editors create it. The video lasts 30 to 3600 seconds and holds up to 500 elements.",
            "Use Template starts from the project's content: a chapter per slide, the assessment's questions as quizzes, a call to action when there is a website, and with an assessment a branching point that sends learners below 80% back to the first chapter. After Create, the video is prepared in the background; learners keep the last ready version meanwhile.",
            "A SCORM package of a project with a published interactive video carries the interactive video, and with tracking its quiz answers are recorded in the LMS.",
          ],
        },
        {
          heading: "Share links and embeds",
          paragraphs: [
            "Once an interactive video is ready, its dialog shows a Share link and an Embed code, each with Copy. The link opens a page anyone can watch without an account, and the embed code is an iframe for your own web pages. Viewers resume where they left off on the same device. The link keeps working until the project is deleted.",
            "Copy link, in a project card's menu, creates a read-only shared page of the project's slides and script and copies its address. Anyone with the link can open it, and it shows learner text only, never trainer notes. Revoke link turns it off. Owners and Editors manage these links.",
          ],
        },
      ],
    },
    {
      slug: "teams-and-roles",
      title: "Teams and roles",
      summary: "Invite colleagues to a company, give each the right role, comment on projects and edit together in real time.",
      sections: [
        {
          heading: "Members, seats and invitations",
          paragraphs: [
            "The Team page, under Team Collaboration in the navigation, lists the current company's members with their role and the date they joined. Team collaboration is included from the Business plan. Seats count members plus pending invitations against the Owner's plan: 1 user on Free Trial and Professional, 3 on Business and 10 on Enterprise.",
            "Only the Owner invites. Enter the colleague's email, choose the role (Editor, Commenter or Viewer) and the email's language (English, Spanish or French), then choose Send invitation. The invitation is emailed, and its link is also shown with Copy link so you can send it yourself.",
            "An invitation link works once, for 7 days. Resend makes a new link with 7 more days, and the old one stops working; Revoke ends it. An expired invitation holds no seat. To accept, the colleague signs up or signs in with the invited email address and chooses Accept invitation; the company then opens as their current one.",
          ],
        },
        {
          heading: "Roles and their rights",
          paragraphs: [
            "Every member has one role, and the server checks it on every action. A company always has exactly one Owner.",
          ],
          points: [
            "Owner: everything, including inviting and removing members, changing roles, renaming the company and transferring the ownership.",
            "Editor: creates, edits and deletes projects (translations, quality improvements and interactive videos included), creates templates, changes the glossary, exports SCORM packages, clones voices and comments.",
            "Commenter: reads projects and comments on them.",
            "Viewer: reads projects.",
          ],
        },
        {
          heading: "Comments and mentions",
          paragraphs: [
            "Comments are in the Preview dialog and beside the text in the Edit dialog. A comment can be about the whole project, a slide, or a moment of the video in minutes and seconds, such as 1:05. You can mention members of the company, reply, resolve and reopen threads; resolved threads are under Show resolved.",
            "Commenters, Editors and Owners write comments; Viewers read them. Only the author can delete a comment. A comment holds up to 5,000 characters and 10 mentions; a project can have 500 threads, and a thread 200 replies. Mentions are recorded, but they do not send notifications yet.",
          ],
        },
        {
          heading: "Real-time co-editing (Enterprise)",
          paragraphs: [
            "On the Enterprise plan, the Edit dialog is shared live: everyone editing a project's text sees the others' changes as they type, with each person's name and the line they are on. Changes are saved for everyone as you type, without Save.",
            "Owners and Editors write; Commenters and Viewers see the text read-only. On other plans, or when live editing is not connected, the Edit dialog works as usual and you save with Save. Every saved edit makes a new version of the project, whose files are made again.",
          ],
        },
        {
          heading: "Changing roles, leaving and ownership",
          paragraphs: [
            "The Owner changes a member's role in place and can remove a member, who loses access at once. Any other member can choose Leave company. The Owner cannot be removed or leave: to step down, first make another member the owner.",
            "Make owner transfers the ownership: the member becomes the Owner and the former Owner stays on as an Editor. The company then follows the new Owner's plan for its limits, seats and features. If that plan has fewer seats, nobody is removed, but no one can be invited until seats are free again.",
          ],
        },
      ],
    },
  ],
};

export default docs;
