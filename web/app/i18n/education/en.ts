import type { EducationTexts } from './types';

const education: EducationTexts = {
  bestPractices: [
    {
      id: "start-from-your-own-material",
      title: "Start from your own material",
      text: "Training built from your own scripts, slides, documents and web pages teaches what your company actually does, and gives the generator real facts to work from instead of generalities.",
      tips: [
        "Already have a script or a deck? Create a Script to Slides or Slides to Script project and upload the file or paste the text.",
        "To build from a document, use the AI Content Generator with Document Intelligence (Business and Enterprise); for a web page, use URL Extraction (Professional and above).",
        "Fill in Company context and Brand voice so the material reflects your products, policies and tone.",
        "Before you share anything, open Preview and check the generated content against your source.",
      ],
    },
    {
      id: "one-objective-per-section",
      title: "One learning objective per section",
      text: "Learners remember more when each section answers one clear question, and one objective per section gives the knowledge check one thing to test for each.",
      tips: [
        "Write your objectives in the Learning objectives field, one per line, each starting with a verb learners can demonstrate: identify, explain, apply.",
        "Give each objective its own section (a ## slide heading) and move anything that serves no objective into the notes or into another project.",
        "If you edit the objectives slide, the guide, manual and text file list your edited objectives, and a knowledge check you have not changed is updated to match.",
        "Use the Assessment Generator (Professional and above) to add quiz questions for your objectives.",
      ],
    },
    {
      id: "short-slides-detail-in-notes",
      title: "Keep slides short and put the detail in the speaker notes",
      text: "A slide is read at a glance while someone talks. The explanation belongs in the speaker notes: the narrated video speaks them and the PowerPoint keeps them in its notes pane.",
      tips: [
        "Aim for six short points or fewer per slide: when slides are made from a script, a longer scene continues on a new slide after six points.",
        "A slide with more than 420 characters, or more than 7 points and paragraphs, gets no picture or chart, so keep it lean.",
        "Write the explanation under **Speaker Notes:** (the Speaker Notes button in the editor). The video narrates it and reveals each point as it is said.",
        "Put reminders for the presenter under **Trainer Notes:**. They appear in the PowerPoint, the PDF guide and the Word manual, but are never narrated, subtitled or put in a SCORM package.",
      ],
    },
    {
      id: "use-the-quality-score",
      title: "Use the quality score and its improvements",
      text: "AI Quality Scoring rates a project out of 100 in six dimensions and shows what to fix first, so you can improve the material before learners see it.",
      tips: [
        "Open AI Quality Scoring from the project's actions, set the target audience and focus areas, and click Analyze Quality.",
        "Start with the priority improvement areas, then select the recommendations you agree with and click Apply Selected Improvements: a new enhanced version is created and your original is kept.",
        "Analyze again after your own edits to see whether the score moved.",
        "Business and Enterprise include quality scoring; on Professional, the Enhanced AI Agent add-on adds it.",
      ],
    },
    {
      id: "template-and-branding-once",
      title: "Choose a template and branding once per company",
      text: "When every course of a company shares the same colours, layout and logo, learners recognise it at once and nobody has to style each project by hand.",
      tips: [
        "On the Templates page, an Owner or Editor can click Create Template to make the company's own template with your brand colours, layout and outline. Every project of that company can use it.",
        "Agree on one logo address and website, and enter the same ones each time under Include company branding; the company name is filled in for you.",
        "Settle the template and branding before you pay for a video: a change of look makes a new version, and each new version's video is paid for on its own.",
      ],
    },
    {
      id: "review-before-narrating",
      title: "Review everything before you narrate a video",
      text: "Narrated video is paid per render, and every new version and every language is paid for again. Make the content final first, then pay once.",
      tips: [
        "Check the slides in Preview: it shows them as the downloads draw them.",
        "Read the speaker notes aloud. The video narrates them (a slide without notes is narrated from its points), so fix the wording there.",
        "Ask a colleague to review the PowerPoint or the PDF guide; they can be downloaded while the video waits for its payment.",
        "The payment dialog shows the minutes and the cost before you pay, and a render that fails is refunded.",
      ],
    },
    {
      id: "translate-when-final",
      title: "Translate once the source is final, and review each language",
      text: "A translation is made from the project as it is at that moment: later changes to the source make it out of date, and each language's video is paid for on its own. Machine translation also needs a human check.",
      tips: [
        "Before translating, add brand and product names to the Glossary with an empty translation, so they are kept as written.",
        "After translating, open Manage Languages: a language marked Needs review lists the words the engine did not know. Add them to the glossary, then click Translate again.",
        "Have a fluent speaker check each language, either by editing its slides in Manage Languages or by downloading the XLIFF file for a translation tool and uploading the reviewed one.",
        "If the source changes later, translate the affected languages again before you pay for their videos.",
      ],
    },
    {
      id: "comment-rather-than-edit",
      title: "Ask reviewers to comment rather than edit",
      text: "When reviewers comment instead of changing the text themselves, the author keeps one consistent version and sees every suggestion in one place.",
      tips: [
        "Invite subject experts and managers from Team Collaboration with the Commenter role: they can read projects and comment, but not change them. Business and Enterprise plans have seats for a team.",
        "Attach each comment to the whole project, a slide or a moment of the video, so the author knows exactly what to change.",
        "Reply in the thread and click Resolve once a point is handled; Show resolved lets you check that nothing was missed.",
        "Give the Viewer role to people who only need to see the material.",
      ],
    },
  ],
  faq: [
    {
      id: "plans-and-prices",
      question: "What does each plan cost and include?",
      answer:
        "Free Trial: free for {{trialDays}} days; {{trialProjects}} projects, {{trialStorageGb}} GB of storage, {{trialDownloads}} downloads in all, English only, slides and documents but no video.\n\nProfessional: {{proPrice}} a month; {{proProjects}} projects, {{proStorageGb}} GB, {{proDownloads}} downloads a month, English, Spanish and French.\n\nBusiness: {{businessPrice}} a month; {{businessProjects}} projects, {{businessStorageGb}} GB, {{businessDownloads}} downloads a month, {{businessLanguages}} languages.\n\nEnterprise: {{enterprisePrice}} a month; unlimited projects and downloads, {{enterpriseStorageGb}} GB, {{enterpriseLanguages}} languages.\n\nNarrated video is paid per minute on top of the plan (see How is narrated video paid for?).",
    },
    {
      id: "plan-features",
      question: "Which features come with which plan?",
      answer:
        "Every plan exports PowerPoint, PDF guides, Word manuals and plain text; Professional and above add narrated video.\n\nBusiness and Enterprise add analytics, team collaboration, custom branding, enhanced AI agents with quality scoring, advanced video processing and the integration hub. Enterprise alone adds API access, real-time co-editing and SCORM packages.\n\nAI generation methods: the Free Trial has Topic to Content; Professional adds URL Extraction and the Assessment Generator; Business adds Document Intelligence and the Content Modernizer; Enterprise adds the Learning Path Architect.",
    },
    {
      id: "free-trial",
      question: "How long does the free trial last, and what happens after it?",
      answer:
        "The Free Trial lasts {{trialDays}} days. A {{graceDays}}-day grace period follows: you can still open, share and download what you made, but nothing new can be generated.\n\nIf you upgrade at any time, everything opens again and your projects stay. If you do not, your projects and files are deleted when the grace period ends, {{trialRetentionDays}} days after the trial started.\n\nEvery new account also gets a finished sample project, Welcome Training, whose files you can download.",
    },
    {
      id: "annual-billing-and-plan-changes",
      question: "Can I pay yearly, and how do plan changes work?",
      answer:
        "Yes. A year costs twelve months less {{annualDiscount}}%: {{proYearlyPrice}} for Professional, {{businessYearlyPrice}} for Business and {{enterpriseYearlyPrice}} for Enterprise. Add-ons paid yearly are also {{annualDiscount}}% less.\n\nAn upgrade takes effect at once: you pay the prorated difference for the rest of the period, and the Billing page shows the amount for you to confirm first. A downgrade, including yearly to monthly, takes effect at the end of the period, and only if your projects, companies and team fit the lower plan.",
    },
    {
      id: "add-ons",
      question: "What add-ons are there?",
      answer:
        "Three, each adding one feature to your plan:\n\nAdvanced Analytics, {{analyticsPrice}} a month: the analytics dashboard.\nEnhanced AI Agent, {{aiAgentPrice}} a month: enhanced AI agents and quality scoring.\nAdvanced Video Processing, {{videoProcessingPrice}} a month: advanced video processing.\n\nThey can be bought on Professional, Business and Enterprise, not during the Free Trial. A purchase is charged at once for the rest of the current period, after you confirm the amount, and then renews with your plan. Business and Enterprise already include all three features.",
    },
    {
      id: "users-and-companies",
      question: "How many users and companies does each plan allow?",
      answer:
        "Users per company: Free Trial {{trialUsers}}, Professional {{proUsers}}, Business {{businessUsers}}, Enterprise {{enterpriseUsers}}.\nCompanies: Free Trial {{trialCompanies}}, Professional {{proCompanies}}, Business {{businessCompanies}}, Enterprise {{enterpriseCompanies}}.\n\nA company's seats are taken by its members and by its pending invitations that have not expired. An invitation is valid for {{invitationDays}} days; once it expires, or you revoke it, its seat is free again.\n\nA company's limits come from its Owner's plan.",
    },
    {
      id: "team-roles",
      question: "What can Owners, Editors, Commenters and Viewers do?",
      answer:
        "Owner: everything, including the company's settings, inviting and removing members and changing roles. Each company has exactly one Owner; ownership moves only by a transfer, after which the former Owner becomes an Editor.\n\nEditor: creates, edits and deletes projects; creates templates; changes the glossary; exports SCORM packages; creates voices; comments; and can pay for videos.\n\nCommenter: reads projects and comments on them.\n\nViewer: reads only.\n\nThe server checks the role on every action, so a change of role applies at once.",
    },
    {
      id: "narrated-video-pricing",
      question: "How is narrated video paid for?",
      answer:
        "Narrated video is pay-per-use on every paid plan, at the rate of the company Owner's plan: {{proVideoRate}} a minute on Professional, {{businessVideoRate}} on Business, {{enterpriseVideoRate}} on Enterprise. Minutes are the narration's length rounded up to the whole minute, at least 1. You see the estimate first and pay by card or with video credits ({{creditPrice}} each, worth {{creditPrice}} of video).\n\nEach language and each new version is paid for on its own. A render that fails is refunded. The Free Trial renders no video.",
    },
    {
      id: "export-formats",
      question: "Which file formats can I download?",
      answer:
        "Every project exports a PowerPoint deck (pptx), a PDF guide, a Word manual (docx) and plain text (txt). A project in video format also gets a narrated MP4 and MOV once its video is paid for, with subtitles as a track viewers can turn on, or burned into the picture if you choose.\n\nOn Enterprise, a project can also be packaged as SCORM or cmi5 for a learning management system.\n\nEach translated language gets its own files. Downloads count against your plan's download limit.",
    },
    {
      id: "upload-limits",
      question: "What can I upload, and how large may files be?",
      answer:
        "Scripts: .txt, .docx or .pdf, up to {{scriptMb}} MB.\nSlides: .pptx, .pdf, .png, .jpg or .jpeg, up to {{slidesMb}} MB.\nDocuments for the AI Content Generator: .pdf, .doc, .docx, .txt or .rtf (the Content Modernizer also takes .ppt and .pptx), up to {{documentMb}} MB.\n\nYour plan may set a lower cap: {{trialUploadMb}} MB on the Free Trial, {{proUploadMb}} MB on Professional, {{businessUploadMb}} MB on Business. A file's content must match its extension, and it must fit in your plan's storage ({{trialStorageGb}}, {{proStorageGb}}, {{businessStorageGb}} or {{enterpriseStorageGb}} GB).",
    },
    {
      id: "translation-languages",
      question: "Which languages can I translate into?",
      answer:
        "Your plan sets the content languages: English only on the Free Trial; English, Spanish and French on Professional; Business adds German, Italian, Portuguese, Russian, Japanese, Korean and Chinese; Enterprise adds Arabic, Hindi, Dutch, Swedish, Norwegian, Danish, Finnish, Polish, Turkish and Thai, {{enterpriseLanguages}} in all.\n\nThe built-in offline engine, Apertium, translates from English into Spanish, French, Italian and Portuguese. Other languages need an AI translation model or DeepL connected by your administrator; the Multi-Language dialog names those it cannot reach.",
    },
    {
      id: "scorm-and-cmi5",
      question: "Can I export to my LMS with SCORM or cmi5?",
      answer:
        "Yes, on the Enterprise plan. SCORM Export packages a project as SCORM 1.2 (the default), SCORM 2004 4th edition or cmi5, with its slides, its narrated video and captions when it has one, and its quiz. Owners and Editors export; any member can download the packages.\n\nWith tracking on, a package reports completion by slides viewed, video watched or quiz passed. A project without quiz questions reports completion only, never passed or failed. A completed translation can be packaged in its own language.",
    },
    {
      id: "data-and-tenancy",
      question: "Does my company's data stay within my company?",
      answer:
        "Yes. Every project, upload, template, glossary, comment and custom voice belongs to one company, and only its members can see it; to anyone else it does not exist. The server checks membership and role on every request.\n\nThe built-in engines run on the server itself. If your administrator connects an AI model, DeepL or a cloud voice service, the text sent to it is processed by that provider. A share link opens a project for whoever has it, until you revoke it.",
    },
    {
      id: "getting-help",
      question: "How do I get help?",
      answer:
        "Open the Support page while signed in and send a ticket: choose what it is about (a question, a problem, billing or a feature request), then write a subject and your message. You get a confirmation by email in your interface language, and we answer by email.\n\nThe page lists your tickets with their reference (T- followed by eight characters), so you can quote it. You can send up to {{supportPerDay}} tickets a day.",
    },
  ],
};

export default education;
