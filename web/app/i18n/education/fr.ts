import type { EducationTexts } from './types';

const education: EducationTexts = {
  bestPractices: [
    {
      id: "start-from-your-own-material",
      title: "Partez de vos propres supports",
      text: "Une formation construite à partir de vos propres scripts, diapositives, documents et pages web enseigne ce que fait réellement votre entreprise et donne au générateur des faits concrets plutôt que des généralités.",
      tips: [
        "Vous avez déjà un script ou une présentation ? Créez un projet Script vers diapositives ou Diapositives vers script, puis importez le fichier ou collez le texte.",
        "Pour partir d'un document, utilisez le Générateur de contenu IA avec l'Analyse documentaire (Business et Enterprise) ; pour une page web, utilisez l'Extraction d'URL (Professionnel et au-delà).",
        "Renseignez Contexte de l'entreprise et Ton de la marque pour que le support reflète vos produits, vos règles et votre ton.",
        "Avant de partager quoi que ce soit, ouvrez l'Aperçu et comparez le contenu généré avec votre source.",
      ],
    },
    {
      id: "one-objective-per-section",
      title: "Un objectif pédagogique par section",
      text: "Les apprenants retiennent mieux quand chaque section répond à une seule question claire, et un objectif par section donne au contrôle des connaissances une chose précise à vérifier pour chacune.",
      tips: [
        "Saisissez vos objectifs dans le champ Objectifs pédagogiques, un par ligne, chacun avec un verbe que l'apprenant peut démontrer : identifier, expliquer, appliquer.",
        "Donnez à chaque objectif sa propre section (un titre de diapositive avec ##) et déplacez vers les notes ou vers un autre projet ce qui ne sert aucun objectif.",
        "Si vous modifiez la diapositive des objectifs, le guide, le manuel et le fichier texte reprennent vos objectifs modifiés, et un contrôle des connaissances que vous n'avez pas changé est mis à jour en conséquence.",
        "Utilisez le Générateur d'évaluations (Professionnel et au-delà) pour ajouter des questions de quiz sur vos objectifs.",
      ],
    },
    {
      id: "short-slides-detail-in-notes",
      title: "Des diapositives courtes, le détail dans les notes de l'orateur",
      text: "Une diapositive se lit d'un coup d'œil pendant que quelqu'un parle. L'explication a sa place dans les notes de l'orateur : la vidéo commentée les lit à voix haute et le PowerPoint les garde dans son volet de notes.",
      tips: [
        "Visez six points courts au maximum par diapositive : quand les diapositives sont créées à partir d'un script, une scène plus longue continue sur une nouvelle diapositive au-delà de six points.",
        "Une diapositive de plus de 420 caractères, ou de plus de 7 points et paragraphes, n'a ni image ni graphique : gardez-la légère.",
        "Rédigez l'explication sous **Speaker Notes:** (le bouton Notes de l'orateur de l'éditeur). La vidéo la lit et fait apparaître chaque point au moment où il est énoncé.",
        "Placez les rappels destinés au formateur sous **Trainer Notes:**. Ils figurent dans le PowerPoint, le guide PDF et le manuel Word, mais ne sont jamais lus à voix haute, sous-titrés ni placés dans un paquet SCORM.",
      ],
    },
    {
      id: "use-the-quality-score",
      title: "Utilisez la note de qualité et ses améliorations",
      text: "L'Évaluation de la qualité par IA note un projet sur 100 selon six dimensions et indique quoi corriger en premier, pour que vous amélioriez le support avant que les apprenants ne le voient.",
      tips: [
        "Ouvrez Évaluation de la qualité par IA depuis les actions du projet, indiquez le public cible et les axes prioritaires, puis cliquez sur Analyser la qualité.",
        "Commencez par les axes d'amélioration prioritaires, puis sélectionnez les recommandations qui vous conviennent et cliquez sur Appliquer les améliorations sélectionnées : une nouvelle version améliorée est créée et votre original est conservé.",
        "Relancez l'analyse après vos propres modifications pour voir si la note a évolué.",
        "Business et Enterprise incluent l'évaluation de la qualité ; avec Professionnel, l'option Agent IA avancé l'ajoute.",
      ],
    },
    {
      id: "template-and-branding-once",
      title: "Choisissez un modèle et une image de marque une fois par entreprise",
      text: "Quand tous les cours d'une entreprise partagent les mêmes couleurs, la même mise en page et le même logo, les apprenants les reconnaissent aussitôt et personne n'a à mettre en forme chaque projet à la main.",
      tips: [
        "Sur la page Modèles, un Propriétaire ou un Éditeur peut cliquer sur Créer un modèle pour créer le modèle propre à l'entreprise, avec les couleurs de votre marque, sa mise en page et son plan. Tous les projets de cette entreprise peuvent l'utiliser.",
        "Convenez d'une seule adresse de logo et d'un seul site web, et saisissez toujours les mêmes sous Inclure l'image de marque de l'entreprise ; le nom de l'entreprise est rempli pour vous.",
        "Arrêtez le modèle et l'image de marque avant de payer une vidéo : un changement d'apparence crée une nouvelle version, et la vidéo de chaque nouvelle version se paie séparément.",
      ],
    },
    {
      id: "review-before-narrating",
      title: "Relisez tout avant de faire narrer une vidéo",
      text: "La vidéo commentée se paie à chaque rendu, et chaque nouvelle version comme chaque langue se paie à nouveau. Finalisez d'abord le contenu, puis payez une seule fois.",
      tips: [
        "Vérifiez les diapositives dans l'Aperçu : il les montre telles que les téléchargements les dessinent.",
        "Lisez les notes de l'orateur à voix haute. La vidéo les lit (une diapositive sans notes est lue à partir de ses points), c'est donc là qu'il faut corriger la formulation.",
        "Demandez à un collègue de relire le PowerPoint ou le guide PDF ; ils se téléchargent pendant que la vidéo attend son paiement.",
        "La fenêtre de paiement affiche les minutes et le coût avant que vous ne payiez, et un rendu qui échoue est remboursé.",
      ],
    },
    {
      id: "translate-when-final",
      title: "Traduisez une fois la source finalisée, et relisez chaque langue",
      text: "Une traduction est faite à partir du projet tel qu'il est à ce moment-là : les modifications ultérieures de la source la rendent obsolète, et la vidéo de chaque langue se paie séparément. La traduction automatique demande aussi une relecture humaine.",
      tips: [
        "Avant de traduire, ajoutez les noms de marques et de produits au Glossaire avec une traduction vide, pour qu'ils restent tels quels.",
        "Après la traduction, ouvrez Gérer les langues : une langue marquée À relire liste les mots que le moteur ne connaissait pas. Ajoutez-les au glossaire, puis cliquez sur Traduire à nouveau.",
        "Faites relire chaque langue par une personne qui la maîtrise, soit en modifiant ses diapositives dans Gérer les langues, soit en téléchargeant le fichier XLIFF pour un outil de traduction puis en important le fichier relu.",
        "Si la source change plus tard, traduisez à nouveau les langues concernées avant de payer leurs vidéos.",
      ],
    },
    {
      id: "comment-rather-than-edit",
      title: "Demandez aux relecteurs de commenter plutôt que de modifier",
      text: "Quand les relecteurs commentent au lieu de modifier eux-mêmes le texte, l'auteur garde une seule version cohérente et voit toutes les suggestions au même endroit.",
      tips: [
        "Invitez les experts métier et les responsables depuis Collaboration en équipe avec le rôle Commentateur : ils peuvent lire les projets et les commenter, mais pas les modifier. Les offres Business et Enterprise ont des places pour une équipe.",
        "Rattachez chaque commentaire au projet entier, à une diapositive ou à un moment de la vidéo, pour que l'auteur sache exactement quoi changer.",
        "Répondez dans le fil et cliquez sur Résoudre une fois le point traité ; Afficher les résolus vous permet de vérifier que rien n'a été oublié.",
        "Donnez le rôle Lecteur aux personnes qui ont seulement besoin de voir le support.",
      ],
    },
  ],
  faq: [
    {
      id: "plans-and-prices",
      question: "Combien coûte chaque offre et que comprend-elle ?",
      answer:
        "Essai gratuit : gratuit pendant {{trialDays}} jours ; {{trialProjects}} projets, {{trialStorageGb}} Go de stockage, {{trialDownloads}} téléchargements au total, anglais uniquement, diapositives et documents sans vidéo.\n\nProfessionnel : {{proPrice}} par mois ; {{proProjects}} projets, {{proStorageGb}} Go, {{proDownloads}} téléchargements par mois, anglais, espagnol et français.\n\nBusiness : {{businessPrice}} par mois ; {{businessProjects}} projets, {{businessStorageGb}} Go, {{businessDownloads}} téléchargements par mois, {{businessLanguages}} langues.\n\nEnterprise : {{enterprisePrice}} par mois ; projets et téléchargements illimités, {{enterpriseStorageGb}} Go, {{enterpriseLanguages}} langues.\n\nLa vidéo commentée se paie à la minute en plus de l'offre (voir la question sur sa facturation).",
    },
    {
      id: "plan-features",
      question: "Quelles fonctionnalités comprend chaque offre ?",
      answer:
        "Toutes les offres exportent PowerPoint, guides PDF, manuels Word et texte brut ; Professionnel et au-delà ajoutent la vidéo commentée.\n\nBusiness et Enterprise ajoutent statistiques, collaboration en équipe, image de marque personnalisée, agents IA avec évaluation de la qualité, traitement vidéo avancé et centre d'intégrations. Seule Enterprise ajoute l'accès à l'API, la coédition en temps réel et SCORM.\n\nMéthodes IA : l'Essai gratuit a Du sujet au contenu ; Professionnel ajoute Extraction d'URL et Générateur d'évaluations ; Business, Analyse documentaire et Modernisation de contenu ; Enterprise, Architecte de parcours d'apprentissage.",
    },
    {
      id: "free-trial",
      question: "Combien de temps dure l'essai gratuit, et que se passe-t-il ensuite ?",
      answer:
        "L'Essai gratuit dure {{trialDays}} jours. Suit une période de grâce de {{graceDays}} jours : vous pouvez encore ouvrir, partager et télécharger ce que vous avez créé, mais plus rien générer de nouveau.\n\nSi vous passez à une offre payante, tout redevient accessible et vos projets sont conservés. Sinon, vos projets et fichiers sont supprimés à la fin de la période de grâce, {{trialRetentionDays}} jours après le début de l'essai.\n\nChaque nouveau compte reçoit aussi un projet d'exemple terminé, Welcome Training, dont vous pouvez télécharger les fichiers.",
    },
    {
      id: "annual-billing-and-plan-changes",
      question: "Puis-je payer à l'année, et comment fonctionnent les changements d'offre ?",
      answer:
        "Oui. Une année coûte douze mois moins {{annualDiscount}} % : {{proYearlyPrice}} pour Professionnel, {{businessYearlyPrice}} pour Business et {{enterpriseYearlyPrice}} pour Enterprise. Les options payées à l'année coûtent aussi {{annualDiscount}} % de moins.\n\nUne offre supérieure s'applique immédiatement : vous payez la différence au prorata du reste de la période, après avoir confirmé le montant affiché sur la page Facturation. Une offre inférieure, y compris le passage de l'annuel au mensuel, s'applique à la fin de la période, si vos projets, entreprises et équipe y tiennent.",
    },
    {
      id: "add-ons",
      question: "Quelles options existent ?",
      answer:
        "Trois, chacune ajoutant une fonctionnalité à votre offre :\n\nStatistiques avancées, {{analyticsPrice}} par mois : le tableau de bord statistique.\nAgent IA avancé, {{aiAgentPrice}} par mois : les agents IA avancés et l'évaluation de la qualité.\nTraitement vidéo avancé, {{videoProcessingPrice}} par mois : le traitement vidéo avancé.\n\nElles s'achètent avec Professionnel, Business et Enterprise, pas pendant l'Essai gratuit. Un achat est débité immédiatement pour le reste de la période, après confirmation du montant, puis se renouvelle avec votre offre. Business et Enterprise incluent déjà ces trois fonctionnalités.",
    },
    {
      id: "users-and-companies",
      question: "Combien d'utilisateurs et d'entreprises chaque offre permet-elle ?",
      answer:
        "Utilisateurs par entreprise : Essai gratuit {{trialUsers}}, Professionnel {{proUsers}}, Business {{businessUsers}}, Enterprise {{enterpriseUsers}}.\nEntreprises : Essai gratuit {{trialCompanies}}, Professionnel {{proCompanies}}, Business {{businessCompanies}}, Enterprise {{enterpriseCompanies}}.\n\nLes places d'une entreprise sont occupées par ses membres et par ses invitations en attente non expirées. Une invitation est valable {{invitationDays}} jours ; une fois expirée, ou si vous la révoquez, sa place se libère.\n\nLes limites d'une entreprise sont celles de l'offre de son Propriétaire.",
    },
    {
      id: "team-roles",
      question: "Que peuvent faire le Propriétaire, l'Éditeur, le Commentateur et le Lecteur ?",
      answer:
        "Propriétaire : tout, y compris les paramètres de l'entreprise, les invitations, le retrait des membres et les rôles. Chaque entreprise a exactement un Propriétaire ; la propriété ne change que par un transfert, après lequel l'ancien Propriétaire devient Éditeur.\n\nÉditeur : crée, modifie et supprime des projets ; crée des modèles et des voix ; modifie le glossaire ; exporte en SCORM ; commente ; peut payer des vidéos.\n\nCommentateur : lit les projets et les commente.\n\nLecteur : lecture seule.\n\nLe serveur vérifie le rôle à chaque action : un changement de rôle s'applique aussitôt.",
    },
    {
      id: "narrated-video-pricing",
      question: "Comment la vidéo commentée est-elle facturée ?",
      answer:
        "La vidéo commentée est payée à l'usage avec les offres payantes, au tarif de l'offre du Propriétaire de l'entreprise : {{proVideoRate}} la minute avec Professionnel, {{businessVideoRate}} avec Business, {{enterpriseVideoRate}} avec Enterprise. Les minutes sont la durée de la narration arrondie à la minute supérieure, 1 au minimum. Vous voyez l'estimation, puis payez par carte ou en crédits vidéo ({{creditPrice}} l'unité, valant {{creditPrice}} de vidéo).\n\nChaque langue et chaque nouvelle version se paient à part. Un rendu échoué est remboursé. L'Essai gratuit ne produit pas de vidéo.",
    },
    {
      id: "export-formats",
      question: "Dans quels formats puis-je télécharger mes fichiers ?",
      answer:
        "Chaque projet s'exporte en présentation PowerPoint (pptx), guide PDF, manuel Word (docx) et texte brut (txt). Un projet au format vidéo obtient en plus une vidéo commentée MP4 et MOV une fois payée, avec des sous-titres sous forme de piste activable, ou incrustés dans l'image si vous le choisissez.\n\nAvec Enterprise, un projet peut aussi être empaqueté en SCORM ou cmi5 pour une plateforme de formation (LMS).\n\nChaque langue traduite a ses propres fichiers. Les téléchargements sont décomptés de la limite de votre offre.",
    },
    {
      id: "upload-limits",
      question: "Que puis-je importer, et quelle taille peuvent faire les fichiers ?",
      answer:
        "Scripts : .txt, .docx ou .pdf, jusqu'à {{scriptMb}} Mo.\nDiapositives : .pptx, .pdf, .png, .jpg ou .jpeg, jusqu'à {{slidesMb}} Mo.\nDocuments pour le Générateur de contenu IA : .pdf, .doc, .docx, .txt ou .rtf (la Modernisation de contenu accepte aussi .ppt et .pptx), jusqu'à {{documentMb}} Mo.\n\nVotre offre peut fixer une limite plus basse : {{trialUploadMb}} Mo pour l'Essai gratuit, {{proUploadMb}} Mo pour Professionnel, {{businessUploadMb}} Mo pour Business. Le contenu doit correspondre à l'extension, et le fichier doit tenir dans votre stockage ({{trialStorageGb}}, {{proStorageGb}}, {{businessStorageGb}} ou {{enterpriseStorageGb}} Go selon l'offre).",
    },
    {
      id: "translation-languages",
      question: "Dans quelles langues puis-je traduire ?",
      answer:
        "Votre offre fixe les langues de contenu : anglais seul pour l'Essai gratuit ; anglais, espagnol et français pour Professionnel ; Business ajoute allemand, italien, portugais, russe, japonais, coréen et chinois ; Enterprise ajoute arabe, hindi, néerlandais, suédois, norvégien, danois, finnois, polonais, turc et thaï, soit {{enterpriseLanguages}} en tout.\n\nLe moteur hors ligne intégré, Apertium, traduit de l'anglais vers l'espagnol, le français, l'italien et le portugais. Les autres langues demandent un modèle de traduction IA ou DeepL connecté par votre administrateur ; la fenêtre Multilingue indique celles qui manquent.",
    },
    {
      id: "scorm-and-cmi5",
      question: "Puis-je exporter vers mon LMS en SCORM ou cmi5 ?",
      answer:
        "Oui, avec l'offre Enterprise. L'Export SCORM empaquette un projet en SCORM 1.2 (par défaut), SCORM 2004 4e édition ou cmi5, avec ses diapositives, sa vidéo commentée et ses sous-titres s'il en a, et son quiz. Propriétaires et Éditeurs exportent ; tout membre peut télécharger les paquets.\n\nAvec le suivi activé, le paquet signale l'achèvement selon les diapositives vues, la vidéo regardée ou le quiz réussi. Sans questions d'évaluation, il ne signale que l'achèvement, jamais réussite ni échec. Une traduction terminée peut être empaquetée dans sa langue.",
    },
    {
      id: "data-and-tenancy",
      question: "Les données de mon entreprise restent-elles dans mon entreprise ?",
      answer:
        "Oui. Chaque projet, fichier importé, modèle, glossaire, commentaire et voix personnalisée appartient à une entreprise, et seuls ses membres peuvent le voir ; pour les autres, il n'existe pas. Le serveur vérifie l'appartenance et le rôle à chaque requête.\n\nLes moteurs intégrés fonctionnent sur le serveur lui-même. Si votre administrateur connecte un modèle d'IA, DeepL ou un service de voix dans le cloud, le texte envoyé est traité par ce fournisseur. Un lien de partage ouvre le projet à quiconque le possède, jusqu'à sa révocation.",
    },
    {
      id: "getting-help",
      question: "Comment obtenir de l'aide ?",
      answer:
        "Ouvrez la page Assistance en étant connecté et envoyez une demande : choisissez son sujet (une question, un problème, la facturation ou une demande de fonctionnalité), puis rédigez un objet et votre message. Vous recevez une confirmation par e-mail dans la langue de votre interface, et nous répondons par e-mail.\n\nLa page liste vos demandes avec leur référence (T- suivi de huit caractères), que vous pouvez rappeler. Vous pouvez envoyer jusqu'à {{supportPerDay}} demandes par jour.",
    },
  ],
};

export default education;
